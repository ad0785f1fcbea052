-- 技师服务概况: one row per technician with the projects they offer that are open (the service
-- enabled, the project on sale) and the range of their prices (the technician's own price, else
-- the project's). A view: read through the resource layer (list, queryById, export, stats), never
-- written. Its columns are described for reads in src/server/db/views.ts.
CREATE VIEW yy_technician_summary AS
SELECT
  t.id,
  t.name,
  t.partner_id,
  t.level,
  t.work_status,
  count(s.id) FILTER (WHERE s.enabled AND p.status = '1')::integer AS open_services,
  count(s.id)::integer AS all_services,
  min(coalesce(s.price, p.price)) FILTER (WHERE s.enabled AND p.status = '1') AS min_price,
  max(coalesce(s.price, p.price)) FILTER (WHERE s.enabled AND p.status = '1') AS max_price,
  t.create_time
FROM yy_technician t
LEFT JOIN yy_technician_service s ON s.technician_id = t.id
LEFT JOIN yy_project p ON p.id = s.project_id
GROUP BY t.id;
