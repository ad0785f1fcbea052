/**
 * Seed of the service catalogue (商户, 服务项目, 技师, 技师服务): realistic rows for a fresh install,
 * each row applied once under its own ledger key (sys_seed_ledger), so what an operator deletes
 * stays deleted across restarts.
 */
import type { Db } from '../../client.ts';
import { sql } from 'drizzle-orm';
import {
  yyDispatchCity,
  yyPartner,
  yyProject,
  yyTechnician,
  yyTechnicianService,
} from '../../schema/index.ts';
import { stableId } from '../../../lib/query/ids.ts';
import { PARTNERS, PROJECTS, TECHNICIANS } from './data.ts';

interface SeedRow {
  key: string;
  insert(db: Db): Promise<unknown>;
}

const partnerId = (key: string) => stableId(`partner:${key}`);
const projectId = (name: string) => stableId(`project:${name}`);
const technicianId = (key: string) => stableId(`technician:${key}`);

function seedRows(): SeedRow[] {
  const partners = PARTNERS.map(({ key, ...p }) => ({
    key: `partner:${key}`,
    insert: (db: Db) =>
      db
        .insert(yyPartner)
        .values({ ...p, id: partnerId(key), createBy: 'admin' })
        .onConflictDoNothing(),
  }));
  const projects = PROJECTS.map((p) => ({
    key: `project:${p.name}`,
    insert: (db: Db) =>
      db
        .insert(yyProject)
        .values({ ...p, id: projectId(p.name), createBy: 'admin' })
        .onConflictDoNothing(),
  }));
  const technicians = TECHNICIANS.map(({ key, partnerKey, projects: _p, ownPrice: _o, location, ...t }) => ({
    key: `technician:${key}`,
    insert: (db: Db) =>
      db
        .insert(yyTechnician)
        .values({
          ...t,
          id: technicianId(key),
          partnerId: partnerId(partnerKey),
          location: { x: Number(location.lng.toFixed(6)), y: Number(location.lat.toFixed(6)) },
          createBy: 'admin',
        })
        .onConflictDoNothing(),
  }));
  const services = TECHNICIANS.flatMap((t) =>
    t.projects.map((index, j) => {
      const project = PROJECTS[index]!;
      return {
        key: `techService:${t.key}:${project.name}`,
        insert: (db: Db) =>
          db
            .insert(yyTechnicianService)
            .values({
              id: stableId(`techService:${t.key}:${project.name}`),
              technicianId: technicianId(t.key),
              projectId: projectId(project.name),
              enabled: true,
              price: j === 0 ? t.ownPrice : null,
              createBy: 'admin',
            })
            .onConflictDoNothing(),
      };
    }),
  );
  const ids = TECHNICIANS.map((t) => technicianId(t.key));
  const shifts = {
    key: 'techShift:pattern',
    insert: (db: Db) => db.execute(shiftPatternSql(ids)),
  };
  const city = {
    key: 'dispatchCity:330100',
    insert: (db: Db) =>
      db
        .insert(yyDispatchCity)
        .values({
          id: stableId('dispatchCity:330100'),
          cityCode: '330100',
          radiusKm: '8.0',
          radiusStepKm: '2.0',
          maxRadiusKm: '16.0',
          strategy: 'distance',
          acceptTimeoutMinutes: 5,
          remark: '杭州市区：8 公里起，每次扩大 2 公里，最多 16 公里',
          createBy: 'admin',
        })
        .onConflictDoNothing(),
  };
  const exceptions = {
    key: 'techShiftException:sample',
    insert: (db: Db) => db.execute(shiftExceptionSql(ids)),
  };
  return [...partners, ...projects, ...technicians, ...services, shifts, exceptions, city];
}

/**
 * The weekly pattern of the seeded technicians, in one statement: each gets one of four patterns
 * (day 09–18, late 12–22, split 10–14 + 16–22, long 08–20) and one day off a week, both chosen by
 * the technician's id; a technician who already has shifts is left alone.
 */
function shiftPatternSql(ids: readonly string[]) {
  return sql`
    insert into yy_technician_shift (id, technician_id, weekday, start_time, end_time, create_by)
    select md5('techShift:' || t.id || ':' || d || ':' || p.st), t.id, d, p.st, p.et, 'admin'
    from yy_technician t
    cross join generate_series(1, 7) as d
    join (values (0, '09:00', '18:00'), (1, '12:00', '22:00'), (2, '10:00', '14:00'),
                 (2, '16:00', '22:00'), (3, '08:00', '20:00')) as p(kind, st, et)
      on p.kind = get_byte(decode(t.id, 'hex'), 0) % 4
    where t.id in ${ids}
      and d <> 1 + get_byte(decode(t.id, 'hex'), 1) % 7
      and not exists (select 1 from yy_technician_shift x where x.technician_id = t.id)
    on conflict do nothing`;
}

/**
 * Insert the catalogue rows whose keys were never applied; returns every key of the catalogue seed
 * (recorded as applied by the caller, in the same transaction).
 */
export async function seedCatalogue(db: Db, applied: ReadonlySet<string>): Promise<string[]> {
  const rows = seedRows();
  for (const row of rows) if (!applied.has(row.key)) await row.insert(db);
  return rows.map((r) => r.key);
}

/**
 * A few exceptions around the first start: every eighth seeded technician takes the day after
 * tomorrow off, every eighth (shifted by four) works 18:00–23:00 that day instead.
 */
function shiftExceptionSql(ids: readonly string[]) {
  return sql`
    insert into yy_technician_shift_exception (id, technician_id, shift_date, kind, start_time, end_time, reason, create_by)
    select md5('techShiftException:' || t.id), t.id, current_date + 2,
      case when x.n % 8 = 0 then '1' else '2' end,
      case when x.n % 8 = 0 then null else '18:00' end,
      case when x.n % 8 = 0 then null else '23:00' end,
      case when x.n % 8 = 0 then '事假' else '调至晚班' end, 'admin'
    from unnest(${sql.param([...ids])}::varchar[]) with ordinality x(id, n)
    join yy_technician t on t.id = x.id
    where x.n % 8 in (0, 4)
    on conflict do nothing`;
}
