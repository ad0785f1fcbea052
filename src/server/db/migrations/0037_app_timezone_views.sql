-- The views read local months in the application's zone, APP_TIMEZONE, which every instance writes
-- to care_app_setting at its start (src/server/db/app-settings.ts): one source, the configuration,
-- for the views and the endpoints (no session setting overrides it any more). Before any instance
-- has started, Asia/Shanghai (APP_TIMEZONE's default).
CREATE OR REPLACE FUNCTION yy_app_timezone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value FROM care_app_setting WHERE key = 'app_timezone'), 'Asia/Shanghai')
$$;
--> statement-breakpoint
-- 技师财务统计 in that zone too; purchases count those deducted on the statement (结算扣款) as well
CREATE OR REPLACE VIEW yy_tech_finance AS
WITH m AS (
  SELECT e.account_id AS technician_id,
         to_char(e.create_time AT TIME ZONE yy_app_timezone(), 'YYYY-MM') AS month,
         coalesce(sum(e.amount) FILTER (WHERE e.kind IN ('commission', 'travelFee', 'clawback')), 0) AS income,
         coalesce(sum(e.amount) FILTER (WHERE e.kind = 'commission'), 0) AS commission,
         0 - coalesce(sum(e.amount) FILTER (WHERE e.kind IN ('withdraw', 'withdrawReturn')), 0) AS withdrawals,
         0 - coalesce(sum(e.amount) FILTER (WHERE e.kind IN ('purchase', 'purchaseRefund', 'deduction')), 0) AS purchases,
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
