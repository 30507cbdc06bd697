import type { Db } from '../../platform/db/pool.js';

/**
 * Where a car is parked when the telematics simulator first meets it: its place's first located
 * pick-up location, else the place's first located house group. null for an unknown device.
 */
export async function findDeviceHome(
  db: Db,
  deviceId: string,
): Promise<{ latitude: number; longitude: number } | null> {
  const r = await db.query<{ latitude: string; longitude: string }>(
    `SELECT p.latitude, p.longitude
       FROM vehicles v,
            LATERAL (
              SELECT l.latitude, l.longitude, 0 AS rank, l.sort_order, l.id FROM vehicle_locations l
               WHERE l.place_id = v.place_id AND l.latitude IS NOT NULL AND l.longitude IS NOT NULL AND NOT l.retired
              UNION ALL
              SELECT g.latitude, g.longitude, 1, g.sort_order, g.id FROM house_groups g
               WHERE g.place_id = v.place_id AND g.latitude IS NOT NULL AND g.longitude IS NOT NULL
              ORDER BY 3, 4, 5
              LIMIT 1
            ) p
      WHERE v.telematics_device_id = $1`,
    [deviceId],
  );
  const row = r.rows[0];
  return row ? { latitude: Number(row.latitude), longitude: Number(row.longitude) } : null;
}
