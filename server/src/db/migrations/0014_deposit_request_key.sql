ALTER TABLE "deposits" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_user_request_key_unique" ON "deposits" USING btree ("user_id","request_key");