// Diagnostic log levels; a level's number is its index (0 Trace ... 6 None).

export const LOG_LEVELS = [
  "Trace",
  "Debug",
  "Information",
  "Warning",
  "Error",
  "Critical",
  "None",
] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];

export function logLevelValue(level: TLogLevel): number {
  return LOG_LEVELS.indexOf(level);
}
