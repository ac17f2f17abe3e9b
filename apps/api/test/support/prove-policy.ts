import { type Action, isAction, POLICIES } from '@school-portal/domain';

/**
 * scripts/prove-policies.ts sets PROVE_POLICY to one action: every test app of the run then decides that
 * action the other way round (allowed becomes refused and refused allowed; a public action asks for a
 * licensed token), and the tests that guard the policy must fail. Unset, nothing changes.
 */
export function negateProvedPolicy() {
  const action = process.env.PROVE_POLICY;
  if (!action) return;
  if (!isAction(action)) throw new Error(`PROVE_POLICY: no policy named ${action}`);
  const policies = POLICIES as Record<Action, { check: (a: unknown, r: unknown) => boolean }>;
  const original = policies[action];
  if ((original as { negated?: true }).negated) return;
  // Open routes consult no rule: negating "anyone, without a token" is asking for a licensed token.
  const auth = (original as { auth?: string }).auth === 'public' ? { auth: 'licensed' } : {};
  policies[action] = {
    ...original,
    ...auth,
    check: (a: unknown, r: unknown) => !original.check(a, r),
    negated: true,
  } as never;
}
