/** Job kinds of deployment (server/jobs/jobHandlers.ts runs them). */

/** Loads a web point's model into the inference pool, warms it up, then marks the point 'running' (payload `{ pointId }`). */
export const POINT_PREPARE_JOB = 'point.prepare';
