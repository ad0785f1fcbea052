-- 对账单明细: every line of every statement, as statementEntries (src/server/money/statements.ts)
-- reads one statement's: its own period's entries up to its horizon less those it skips, and its
-- rows of yy_statement_line (adjustments, and all lines of statements written before horizons).
CREATE VIEW yy_statement_entry AS
SELECT md5(s.id || ':' || e.id)::varchar(32) AS id, s.id AS statement_id, e.id AS entry_id, e.create_time,
  e.kind, e.order_no, e.amount, e.memo, false AS adjustment, s.partner_id, s.tenant_id
FROM yy_statement s
JOIN yy_ledger_entry e ON e.account = s.account AND e.account_id = s.account_id
  AND e.create_time >= s.starts_at AND e.create_time < s.ends_at
  AND e.seq <= s.seq_hi AND NOT (e.seq = ANY (s.seq_skip))
WHERE s.seq_hi IS NOT NULL
UNION ALL
SELECT md5(s.id || ':' || e.id)::varchar(32), s.id, e.id, e.create_time, e.kind, e.order_no, e.amount, e.memo,
  l.adjustment, s.partner_id, s.tenant_id
FROM yy_statement_line l
JOIN yy_statement s ON s.id = l.statement_id
JOIN yy_ledger_entry e ON e.id = l.entry_id;
