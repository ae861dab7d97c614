/** The dashboard's paths (SPEC §2): `/` and the old portal's `/home/dashboard`. */
export const DASHBOARD_PATHS = ['/', '/home/dashboard'] as const;
