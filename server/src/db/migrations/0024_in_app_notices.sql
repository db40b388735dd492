-- A personal notification that confirms what its user just did and saw answered on screen (a
-- booking code bought, a plan subscribed; issue 34): the bell and the open page get it, but no push,
-- e-mail or Telegram message repeats it seconds later, so its batch is delivered as it is written
-- and the delivery loop never claims it. The function of 0013 keeps its signature for statements
-- already prepared by processes still running the version before.
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
  notice_at timestamptz,
  notice_in_app_only boolean
) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO notification_batches
    (id, source, kind, audience, user_id, title, message, type, link, dedupe_key, recipients, created_at,
      delivered_at)
    VALUES (notice_id, 'product', notice_kind, 'user', notice_user, notice_title, notice_summary, notice_type,
      notice_link, notice_dedupe_key, 1, notice_at, CASE WHEN notice_in_app_only THEN notice_at END)
    ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  INSERT INTO notifications (id, batch_id, user_id, title, message, type, link, created_at)
    VALUES (notice_id, notice_id, notice_user, notice_title, notice_message, notice_type, notice_link, notice_at);
  RETURN true;
END;
$$;
