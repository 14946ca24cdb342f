// kill -9 during writes, with the outbox, on PGlite: see outbox-kill.ts.
import { describeOutboxKill } from "./outbox-kill";

describeOutboxKill("PGlite");
