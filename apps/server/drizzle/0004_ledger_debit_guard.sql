-- Used by the posting statements (src/modules/ledger/posting-sql.ts). In READ COMMITTED an UPDATE
-- cannot see an account row that a concurrent transaction created after the statement began, so a
-- debit from it would silently update nothing. The statement counts the rows it debited and calls
-- this to fail, as an overdraft, when one is missing.
CREATE FUNCTION ledger_debits_applied(applied bigint, expected bigint) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF applied <> expected THEN
    RAISE EXCEPTION 'ledger: % of % debited accounts could be updated', applied, expected
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_accounts_balance_check';
  END IF;
  RETURN true;
END;
$$;
