/**
 * Seed of the service catalogue (商户, 服务项目, 技师, 技师服务): realistic rows for a fresh install,
 * each row applied once under its own ledger key (sys_seed_ledger), so what an operator deletes
 * stays deleted across restarts.
 */
import type { Db } from '../../client.ts';
import { yyPartner, yyProject, yyTechnician, yyTechnicianService } from '../../schema/index.ts';
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
  return [...partners, ...projects, ...technicians, ...services];
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
