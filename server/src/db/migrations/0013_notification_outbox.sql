ALTER TABLE "notification_batches" ADD COLUMN "delivery_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_batches" ADD COLUMN "delivery_claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "notification_batches" ADD COLUMN "delivery_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_batches" ADD COLUMN "delivery_error" text;--> statement-breakpoint
CREATE INDEX "notification_batches_undelivered_idx" ON "notification_batches" USING btree ("seq") WHERE "notification_batches"."delivered_at" is null;--> statement-breakpoint
-- Batches written before the outbox whose delivery job never finished: a day later they are news no
-- more, so they are not pushed now; newer ones are delivered by the outbox like any other.
UPDATE "notification_batches" SET "delivered_at" = "created_at"
  WHERE "delivered_at" IS NULL AND "created_at" < now() - interval '1 day';--> statement-breakpoint
-- A personal notification of a product event, written by the very statement that makes the event
-- (a booking-code purchase, a rollover subscription; issue 23), so it exists exactly when the event
-- committed and costs no transaction of its own (product-notice.ts). A batch of one that shares its id with its
-- notification, as NotificationsService.record writes one notice; left undelivered, the batch is
-- the delivery's outbox entry. A dedupe key already used records nothing and answers false.
CREATE FUNCTION record_personal_notification(
  notice_id uuid,
  notice_user uuid,
  notice_kind text,
  notice_title text,
  notice_summary text,
  notice_message text,
  notice_type text,
  notice_link text,
  notice_dedupe_key text,
  notice_at timestamptz
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO notification_batches
    (id, source, kind, audience, user_id, title, message, type, link, dedupe_key, recipients, created_at)
    VALUES (notice_id, 'product', notice_kind, 'user', notice_user, notice_title, notice_summary, notice_type,
      notice_link, notice_dedupe_key, 1, notice_at)
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO notifications (id, batch_id, user_id, title, message, type, link, created_at)
    VALUES (notice_id, notice_id, notice_user, notice_title, notice_message, notice_type, notice_link, notice_at);
  RETURN true;
END;
$$;
