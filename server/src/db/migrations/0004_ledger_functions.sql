-- The ledger's movement as one database function (decision 004): server/src/modules/ledger/ledger.ts is
-- its only caller, either on its own (moveMoney) or as an expression inside a feature's single
-- statement (a code purchase), so a movement costs no round trip of its own.
--
-- postings: [{ "userId": uuid, "wallet": "main" | "bonus", "amount": "<kobo>" } |
--            { "system": "<account>", "amount": "<kobo>" }, ...], summing to zero.
-- Answers { transactionId, applied, balances: { <userId>: { main, bonus } } } (kobo as text): applied
-- is false when the key was already used, and then nothing moves. An overdraft raises SQLSTATE ZL001
-- with the refused wallet in DETAIL, which rolls back the caller's whole transaction.
CREATE FUNCTION ledger_move(
  move_kind text,
  move_key text,
  move_description text,
  move_reference text,
  move_actor uuid,
  move_postings jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  movement_id uuid;
  posting_count integer;
  posting_total numeric;
  refused record;
  applied boolean := false;
BEGIN
  SELECT count(*), coalesce(sum((p ->> 'amount')::bigint), 0) INTO posting_count, posting_total
    FROM jsonb_array_elements(move_postings) p;
  IF posting_count < 2 OR posting_total <> 0 THEN
    RAISE EXCEPTION 'movement % is unbalanced (% postings, sum %)', move_key, posting_count, posting_total
      USING ERRCODE = 'check_violation';
  END IF;

  INSERT INTO ledger_transactions (kind, idempotency_key, description, reference, actor_user_id)
    VALUES (move_kind, move_key, move_description, move_reference, move_actor)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO movement_id;

  IF movement_id IS NULL THEN
    SELECT id INTO movement_id FROM ledger_transactions WHERE idempotency_key = move_key;
  ELSE
    -- Lock the touched wallets in a fixed order, so crossing movements cannot deadlock; the check
    -- below then reads balances nobody else can change until this transaction ends.
    PERFORM 1 FROM wallets w
      WHERE (w.user_id, w.kind) IN (
        SELECT (p ->> 'userId')::uuid, p ->> 'wallet' FROM jsonb_array_elements(move_postings) p WHERE p ? 'userId')
      ORDER BY w.user_id, w.kind
      FOR UPDATE;

    SELECT n.kind, w.user_id IS NULL AS missing INTO refused
      FROM (
        SELECT (p ->> 'userId')::uuid AS user_id, p ->> 'wallet' AS kind, sum((p ->> 'amount')::bigint) AS change
        FROM jsonb_array_elements(move_postings) p WHERE p ? 'userId'
        GROUP BY 1, 2
      ) n
      LEFT JOIN wallets w ON w.user_id = n.user_id AND w.kind = n.kind
      WHERE w.user_id IS NULL OR w.balance_kobo + n.change < 0
      LIMIT 1;
    IF FOUND THEN
      IF refused.missing THEN
        RAISE EXCEPTION 'a wallet of movement % does not exist', move_key USING ERRCODE = 'foreign_key_violation';
      END IF;
      RAISE EXCEPTION 'insufficient balance in % wallet', refused.kind USING ERRCODE = 'ZL001', DETAIL = refused.kind;
    END IF;

    -- The entry trigger moves each wallet's balance (migration 0002).
    INSERT INTO ledger_entries (transaction_id, wallet_user_id, wallet_kind, system_account, amount_kobo)
      SELECT movement_id, (p ->> 'userId')::uuid, p ->> 'wallet', p ->> 'system', (p ->> 'amount')::bigint
      FROM jsonb_array_elements(move_postings) p;
    applied := true;
  END IF;

  RETURN jsonb_build_object(
    'transactionId', movement_id,
    'applied', applied,
    'balances', (
      SELECT coalesce(jsonb_object_agg(touched.user_id, jsonb_build_object(
        'main', (SELECT balance_kobo::text FROM wallets WHERE user_id = touched.user_id AND kind = 'main'),
        'bonus', (SELECT balance_kobo::text FROM wallets WHERE user_id = touched.user_id AND kind = 'bonus'))), '{}')
      FROM (SELECT DISTINCT (p ->> 'userId')::uuid AS user_id
            FROM jsonb_array_elements(move_postings) p WHERE p ? 'userId') touched));
END
$$;
--> statement-breakpoint

-- Aborts the statement that calls it (and so its implicit transaction) with a reason the server
-- maps to an answer: lets a single-statement feature refuse after it has already written rows.
CREATE FUNCTION refuse(reason text) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'refused: %', reason USING ERRCODE = 'ZR001', DETAIL = reason;
END
$$;
