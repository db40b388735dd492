-- Rules the database itself enforces on money, whatever code runs against it.

-- 1. The ledger and the audit log are append-only.
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
--> statement-breakpoint

-- 2. A wallet's balance is the sum of its entries: each wallet entry moves the cached balance
--    (the wallets CHECK then refuses a negative result), and nothing else may move it.
CREATE FUNCTION ledger_entry_moves_wallet() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wallet_user_id IS NOT NULL THEN
    UPDATE wallets SET balance_kobo = balance_kobo + NEW.amount_kobo, updated_at = now()
      WHERE user_id = NEW.wallet_user_id AND kind = NEW.wallet_kind;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_move_wallet AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_moves_wallet();
--> statement-breakpoint
CREATE FUNCTION wallet_balance_only_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.balance_kobo <> 0 THEN
    RAISE EXCEPTION 'a wallet starts empty; money arrives through the ledger' USING ERRCODE = 'check_violation';
  END IF;
  -- Depth 1 is a direct statement; the ledger entry trigger runs this at depth 2.
  IF TG_OP = 'UPDATE' AND NEW.balance_kobo IS DISTINCT FROM OLD.balance_kobo AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'wallet balances change only through ledger entries' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER wallets_balance_only_from_ledger BEFORE INSERT OR UPDATE ON wallets
  FOR EACH ROW EXECUTE FUNCTION wallet_balance_only_from_ledger();
--> statement-breakpoint

-- 3. Double entry: at commit, every transaction has entries and they sum to zero.
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_count integer;
  total bigint;
BEGIN
  SELECT count(*), coalesce(sum(amount_kobo), 0) INTO entry_count, total
    FROM ledger_entries WHERE transaction_id = NEW.id;
  IF entry_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (% entries, sum %)', NEW.id, entry_count, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
--> statement-breakpoint
CREATE FUNCTION ledger_entry_keeps_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_kobo), 0) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (sum %)', NEW.transaction_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_keeps_transaction_balanced();
