import { useMemo, type ReactNode } from 'react';
import {
  abilityFor,
  asSubject,
  type AbilityRule,
  type Action,
  type AppAbility,
  type SubjectName,
} from '../ability/index.js';
import { useSession } from './store.js';

/** With nothing stored, the only thing anyone may do is sign in (the spec: default "read on Auth"). */
export const signedOutRules: AbilityRule[] = [{ action: 'read', subject: 'Auth' }];

export function useAbility(): AppAbility {
  const rules = useSession((s) => s.userData?.ability);
  return useMemo(() => abilityFor((rules as AbilityRule[] | undefined) ?? signedOutRules), [rules]);
}

interface CanProps {
  I: Action;
  a: SubjectName;
  /** A record to check the rule conditions against (site membership, organisation). */
  this?: Record<string, unknown>;
  field?: string;
  children: ReactNode;
  /** Rendered when the action is not allowed. */
  otherwise?: ReactNode;
}

/** Renders its children only when the signed-in user may do the action. Hides; the API enforces. */
export function Can({ I, a, this: record, field, children, otherwise = null }: CanProps) {
  const ability = useAbility();
  const allowed = record ? ability.can(I, asSubject(a, record), field) : ability.can(I, a, field);
  return <>{allowed ? children : otherwise}</>;
}
