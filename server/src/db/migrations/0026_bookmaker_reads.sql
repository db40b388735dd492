CREATE TABLE "bookmaker_reads" (
	"bookmaker" text NOT NULL,
	"code" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"answer" jsonb NOT NULL,
	CONSTRAINT "bookmaker_reads_bookmaker_code_pk" PRIMARY KEY("bookmaker","code")
);
--> statement-breakpoint
CREATE TABLE "bookmaker_status" (
	"bookmaker" text PRIMARY KEY NOT NULL,
	"ok" boolean NOT NULL,
	"last_error" text,
	"last_call_at" timestamp with time zone NOT NULL
);
