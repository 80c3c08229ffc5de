import { isPureAdmin } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import type { User } from '@shared/schemas/user';
import { phoneApp } from '@web/i18n/phone-app';
import { ClipboardPen, Inbox, type LucideIcon, Sun, Trophy, UserRound, Users } from 'lucide-react';
import { sideNavItems } from './side-nav-items';

type Item = { to: string; label: string; icon: LucideIcon };
const t = phoneApp.bottomBar;

/**
 * The phone's bottom bar: the few pages an agent opens between viewings, one tap away; everything else (and
 * the logout) is behind its menu tab, in the drawer of `sideNavItems`. The same role rules (SPEC section 2):
 * each tab is one the user's side navigation offers, or the daily entry of the profile page's first button.
 */
export function bottomBarItems(user: User): Item[] {
  const allowed = new Set(sideNavItems(user).map((item) => item.to));
  const pureAdmin = isPureAdmin(user);
  const items: Item[] = pureAdmin
    ? [
        { to: paths.agentProfile(), label: t.profile, icon: UserRound },
        { to: paths.leads(), label: t.leads, icon: Inbox },
        { to: paths.agents(), label: t.agents, icon: Users },
        { to: paths.scoreBoard(), label: t.ranking, icon: Trophy },
      ]
    : [
        { to: paths.myDay(), label: t.myDay, icon: Sun },
        { to: paths.dailyIndicator(), label: t.daily, icon: ClipboardPen },
        { to: paths.leads(), label: t.leads, icon: Inbox },
        { to: paths.scoreBoard(), label: t.ranking, icon: Trophy },
      ];
  return items.filter((item) => allowed.has(item.to) || (!pureAdmin && item.to === paths.dailyIndicator()));
}
