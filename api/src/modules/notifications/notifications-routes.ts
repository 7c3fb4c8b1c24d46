// Each staff member's notifications: their choices, this device's push subscription, and the unseen leads
// behind the app badge. Every route needs a signed-in user; the unseen leads are admin data.
import Router from '@koa/router';
import type { Context } from 'koa';
import { leadsSeenInputSchema, notificationPreferencesSchema, pushEndpointInputSchema, pushSubscriptionInputSchema, type CurrentUser, type PushKey } from '../../contract';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { requireUser, currentSessionId } from '../auth';
import { getPreferences, markLeadsSeen, pushPublicKey, setPreferences, subscribeDevice, unseenLeads, unsubscribeDevice } from './notifications-service';

export function notificationsRoutes(deps: AppDeps, router = new Router()) {
  const staff = requireUser(deps, ['admin', 'rep']);
  const admin = requireUser(deps);
  const me = (ctx: Context) => ctx.state.user as CurrentUser;

  router.get('/api/admin/notifications/preferences', staff, async (ctx) => {
    ctx.body = await getPreferences(deps, me(ctx));
  });

  router.put('/api/admin/notifications/preferences', staff, async (ctx) => {
    ctx.body = await setPreferences(deps, me(ctx), parseWith(notificationPreferencesSchema, ctx.request.body));
  });

  router.get('/api/admin/notifications/push-key', staff, async (ctx) => {
    ctx.body = { publicKey: pushPublicKey(deps) } satisfies PushKey;
  });

  router.post('/api/admin/notifications/push-subscriptions', staff, async (ctx) => {
    await subscribeDevice(deps, me(ctx).id, currentSessionId(ctx), parseWith(pushSubscriptionInputSchema, ctx.request.body));
    ctx.status = 204;
  });

  // A POST with the endpoint in the body, not a DELETE with it in the URL: an endpoint is a capability (anyone
  // holding it may push to the device) and URLs end up in logs.
  router.post('/api/admin/notifications/push-subscriptions/remove', staff, async (ctx) => {
    await unsubscribeDevice(deps, me(ctx).id, parseWith(pushEndpointInputSchema, ctx.request.body).endpoint);
    ctx.status = 204;
  });

  router.get('/api/admin/notifications/unseen-leads', admin, async (ctx) => {
    ctx.body = await unseenLeads(deps, me(ctx).id);
  });

  router.post('/api/admin/notifications/seen-leads', admin, async (ctx) => {
    ctx.body = await markLeadsSeen(deps, me(ctx).id, parseWith(leadsSeenInputSchema, ctx.request.body).through);
  });

  return router;
}
