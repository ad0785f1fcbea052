-- 结算扣款 material orders used to post nothing and were never charged. Each one still open
-- (not cancelled) and never posted gets its deduction now, as the server posts it
-- (src/server/money/wallet.ts `postDeduction`: same keys, kinds, signs and body hash), dated now:
-- a line of the technician's statement of this period, charged when that statement is confirmed.
-- The tenant is the goods' (the requester's is not known any more).
INSERT INTO yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id, order_no,
  technician_id, partner_id, rule_id, memo, reversal_of, tenant_id, create_by, create_time)
SELECT md5('deduction:' || e.entry_key), e.entry_key,
  encode(sha256(convert_to(
    '[' || to_json(e.account)::text || ',' || coalesce(to_json(e.account_id)::text, 'null') || ','
      || to_json(e.kind)::text || ',' || to_json(e.amount::text)::text || ',null,null,null]',
    'UTF8')), 'hex'),
  e.account, e.account_id, e.kind, e.amount, null, null, e.technician_id, e.partner_id, null, e.memo, null,
  e.tenant_id, 'system', now()
FROM (
  SELECT 'material:' || m.id || ':' || x.part AS entry_key, x.account, x.account_id, x.kind, x.amount,
    m.technician_id, m.partner_id, x.memo, g.tenant_id
  FROM yy_material_order m
  LEFT JOIN yy_goods g ON g.id = m.goods_id
  CROSS JOIN LATERAL (VALUES
    ('debit', 'technician', m.technician_id, 'deduction', -m.amount, '物料结算扣款 ' || m.order_no),
    ('credit', 'platform', NULL, 'goodsSale', m.amount, '物料销售 ' || m.order_no)
  ) AS x (part, account, account_id, kind, amount, memo)
  WHERE m.pay_method = '2' AND m.status <> '4' AND m.statement_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM yy_ledger_entry y WHERE y.entry_key = 'material:' || m.id || ':debit')
) e
ORDER BY e.entry_key;
