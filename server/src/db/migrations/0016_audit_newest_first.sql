DROP INDEX "audit_log_seq_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_seq_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_seq_idx" ON "audit_log" USING btree ("created_at","seq");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_seq_idx" ON "audit_log" USING btree ("action","created_at","seq");