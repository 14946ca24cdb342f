import { z } from "zod";
import { ZPipeline } from "./packages/domain/src/contracts/index.ts";
