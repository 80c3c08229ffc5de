import { israelInstant } from '@shared/domain/israel-calendar';
import { z } from 'zod';
import { VIEWING_MESSAGES } from './viewings';

/** Moving a viewing (docs/viewings.md, "Moving and cancelling"): refusals in Hebrew. */
export const VIEWING_MOVE_MESSAGES = {
  notConfirmed: 'אפשר לשנות את המועד רק לביקור שנקבע',
  sameSlot: 'זה כבר מועד הביקור',
  moved: 'מועד הביקור שונה',
} as const;

/** POST /viewings/link/{token}/move and /viewings/{id}/move: another free slot of the same property. */
export const moveViewingSchema = z.object({
  slot: z
    .string({ error: VIEWING_MESSAGES.slotRequired })
    .max(40, { error: VIEWING_MESSAGES.slotInvalid })
    .refine((v) => israelInstant(v.trim()) !== null, { error: VIEWING_MESSAGES.slotInvalid }),
});
