-- A withdrawal (提现) or a purchase paid from the balance (物料订单) never takes an account below
-- zero. The balance row is updated under its row lock by the upsert (the latest committed value,
-- whatever the snapshot), so concurrent debits of one technician are checked one after the other:
-- the one that would overdraw fails and rolls back its posting.
CREATE OR REPLACE FUNCTION yy_ledger_balance_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  short record;
BEGIN
  INSERT INTO yy_ledger_balance AS b (account, account_key, balance, update_time)
  SELECT account, coalesce(account_id, ''), sum(amount), now()
  FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (account, account_key) DO UPDATE SET balance = b.balance + excluded.balance, update_time = now();
  SELECT b.account, b.account_key, b.balance INTO short
    FROM yy_ledger_balance b
   WHERE b.balance < 0
     AND (b.account, b.account_key) IN (SELECT n.account, coalesce(n.account_id, '') FROM new_rows n
                                         WHERE n.kind IN ('withdraw', 'purchase') AND n.amount < 0)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger balance: % % would be %', short.account, short.account_key, short.balance
      USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 技师财务统计: per technician and local month (Asia/Shanghai, the app's time zone) the technician
-- account's entries: income (commission, travel fees, claw-backs), commission, withdrawals (net
-- of those returned), purchases paid from the balance (net of cancellations), the month's net and
-- the balance at the month's end (running sum). Read only (a resource with `view: true`).
CREATE VIEW yy_tech_finance AS
WITH m AS (
  SELECT e.account_id AS technician_id,
         to_char(e.create_time AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS month,
         coalesce(sum(e.amount) FILTER (WHERE e.kind IN ('commission', 'travelFee', 'clawback')), 0) AS income,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'commission'), 0) AS commission,
         0 - coalesce(sum(e.amount) FILTER (WHERE e.kind IN ('withdraw', 'withdrawReturn')), 0) AS withdrawals,
         0 - coalesce(sum(e.amount) FILTER (WHERE e.kind IN ('purchase', 'purchaseRefund')), 0) AS purchases,
         sum(e.amount) AS net
    FROM yy_ledger_entry e
   WHERE e.account = 'technician' AND e.account_id IS NOT NULL
   GROUP BY 1, 2
)
SELECT md5(m.technician_id || ':' || m.month)::varchar(32) AS id,
       m.technician_id, t.name AS technician_name, t.partner_id, m.month,
       m.income::numeric(15, 2) AS income, m.commission::numeric(15, 2) AS commission,
       m.withdrawals::numeric(15, 2) AS withdrawals, m.purchases::numeric(15, 2) AS purchases,
       m.net::numeric(15, 2) AS net,
       (sum(m.net) OVER (PARTITION BY m.technician_id ORDER BY m.month))::numeric(15, 2) AS balance
  FROM m JOIN yy_technician t ON t.id = m.technician_id;
