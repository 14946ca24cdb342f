// kill -9 during writes, with the outbox, on PostgreSQL: see outbox-kill.ts.
import { describeOutboxKill } from "./outbox-kill";

describeOutboxKill("PostgreSQL");
