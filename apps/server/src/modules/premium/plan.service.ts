import type { Actor, PremiumPlan, UpdatePlanRequest } from '@ishuri/contract';
import { updatePlanRequestSchema } from '@ishuri/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { premiumSettings } from '../../db/schema';
import { requireAccess } from '../../lib/access';
import type { AppContext } from '../../context';
import { adapterFor } from './payment-adapters';

/**
 * The plan until an admin sets it (decisions.md §7, §9): 30 days, "$29.99" a month on the
 * pricing page, charged 43,000 RWF by mobile money (about $29.99) or $29.99 by card.
 */
export const defaultPlan = {
  days: 30,
  displayPrice: '$29.99',
  amounts: { RWF: '43000', USD: '29.99' } as Record<string, string>,
};

export async function readPlanSettings(db: Tx): Promise<typeof defaultPlan> {
  const [row] = await db.select().from(premiumSettings).where(eq(premiumSettings.id, 1)).limit(1);
  return row
    ? { days: row.days, displayPrice: row.displayPrice, amounts: row.amounts }
    : defaultPlan;
}

/** GET /api/premium/plan: the plan, and the ways to pay this server offers now. */
export async function getPlan(ctx: AppContext): Promise<PremiumPlan> {
  const plan = await readPlanSettings(ctx.database.db);
  const offered = (method: 'momo' | 'card') => {
    const adapter = adapterFor(ctx, method);
    return adapter !== null && plan.amounts[adapter.currency] !== undefined;
  };
  return {
    ...plan,
    methods: { momo: offered('momo'), card: offered('card') },
    testMode: premiumSettingsOf(ctx).testMode,
  };
}

/** PUT /api/admin/premium/plan (admin). */
export async function updatePlan(ctx: AppContext, actor: Actor | null, body: UpdatePlanRequest) {
  requireAccess(actor, 'premium:manage');
  const plan = updatePlanRequestSchema.parse(body);
  await ctx.database.db
    .insert(premiumSettings)
    .values({ id: 1, ...plan })
    .onConflictDoUpdate({
      target: premiumSettings.id,
      set: { ...plan, updatedAt: new Date() },
    });
  return getPlan(ctx);
}

/** The providers' settings; absent (tests, the embedded default): the test mode. */
export function premiumSettingsOf(ctx: AppContext) {
  return ctx.config.premium ?? { testMode: true, testApproveAfterMs: 5000 };
}
