CREATE TABLE "mail_recipient_limits" (
	"recipient" text NOT NULL,
	"purpose" text NOT NULL,
	"sent_date" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_recipient_limits_recipient_purpose_pk" PRIMARY KEY("recipient","purpose")
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "locked_until" timestamp with time zone;