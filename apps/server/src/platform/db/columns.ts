// Columns many tables share: who created and last changed a row, and when.
import { timestamp, uuid } from "drizzle-orm/pg-core";

export const audit = {
  createdDate: timestamp("created_date", { withTimezone: true }).notNull().defaultNow(),
  updatedDate: timestamp("updated_date", { withTimezone: true }).notNull().defaultNow(),
  createdBy: uuid("created_by"),
  updatedBy: uuid("updated_by"),
};

export const createdDate = () =>
  timestamp("created_date", { withTimezone: true }).notNull().defaultNow();
export const updatedDate = () =>
  timestamp("updated_date", { withTimezone: true }).notNull().defaultNow();
