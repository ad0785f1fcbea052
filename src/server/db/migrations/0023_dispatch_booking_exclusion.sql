-- No technician is ever double-booked: two active bookings of one technician never overlap, kept
-- by the database whatever races (a concurrent second insert waits for the first and then fails
-- with 23P01). btree_gist gives the `=` on varchar inside the GiST index; PGlite loads it as an
-- extension at creation (src/server/db/pglite-worker.mjs).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE yy_technician_booking
  ADD CONSTRAINT ex_yy_technician_booking_overlap
  EXCLUDE USING gist (technician_id WITH =, during WITH &&) WHERE (active);
--> statement-breakpoint
-- the bounding-box prefilter of the dispatch candidates: technicians taking orders whose location
-- lies in a box around the address (`location <@ box(…)`), before the exact distance
CREATE INDEX idx_yy_technician_online_location ON yy_technician USING gist (location) WHERE work_status = '1';
