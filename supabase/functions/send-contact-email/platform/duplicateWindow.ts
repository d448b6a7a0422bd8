/**
 * How long a post without a key is taken for a copy of an earlier lead with the same content. A
 * copy that lifts a too-fast flag queues the earlier lead's notifications, so a lead's
 * acknowledgment is queued at most this long after the lead (outbox/acknowledgmentPolicy.ts).
 */
export const duplicateWindowHours = 24;
