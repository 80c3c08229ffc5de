import { hasNetworkAccess } from '@shared/domain/branch-scope';
import { worksAsAgent } from '@shared/domain/roles';
import { paths } from '@shared/paths';
import type { User } from '@shared/schemas/user';
import { admin as heAdmin } from '@web/i18n/admin';
import { branches as heBranches } from '@web/i18n/branches';
import { deals as heDeals } from '@web/i18n/deals';
import { he } from '@web/i18n/he';
import { network as heNetwork } from '@web/i18n/network';
import { networkShareTexts } from '@web/i18n/network-share';
import { pipeline as hePipeline } from '@web/i18n/pipeline';
import { referrals as heReferrals } from '@web/i18n/referrals';
import {
  Banknote,
  Building2,
  ChartColumn,
  ClipboardList,
  FileText,
  HandCoins,
  History,
  House,
  Inbox,
  Landmark,
  type LucideIcon,
  Network,
  Route,
  Send,
  Settings,
  Store,
  Sun,
  TrendingUp,
  Trophy,
  UserCog,
  UserRound,
  Users,
} from 'lucide-react';

type Item = { to: string; label: string; icon: LucideIcon };

/**
 * The side navigation items a user sees (SPEC section 2 role rules). The network's own pages (agency settings,
 * audit log) are for network admins only: a branch manager never gets a link the server answers with 403
 * (docs/decisions/0033-branch-scope.md).
 */
export function sideNavItems(user: User): Item[] {
  const admin = user.role === 'admin';
  const network = hasNetworkAccess(user);
  const personal = !admin || worksAsAgent(user);
  const items: (Item | false)[] = [
    { to: paths.agentProfile(), label: he.sideNav.profile, icon: UserRound },
    admin && { to: paths.agents(), label: he.sideNav.agents, icon: Users },
    // The branch's listings and the network's shared ones (docs/decisions/0052), for every signed-in staff member.
    { to: paths.staffProperties(), label: networkShareTexts.list.nav, icon: House },
    admin && { to: paths.newProperty(), label: he.sideNav.newProperty, icon: Building2 },
    admin && { to: paths.adminReportView(), label: he.sideNav.allReports, icon: ClipboardList },
    personal && { to: paths.newReportContact(user._id), label: he.sideNav.personalReport, icon: FileText },
    personal && { to: paths.personalIndicator(), label: he.sideNav.personalIndicators, icon: TrendingUp },
    { to: paths.myDay(), label: hePipeline.nav.myDay, icon: Sun },
    { to: paths.leads(), label: hePipeline.nav.leads, icon: Inbox },
    personal && { to: paths.myDeals(), label: heDeals.navMine, icon: HandCoins },
    admin && { to: paths.performance(), label: he.sideNav.performance, icon: ChartColumn },
    admin && { to: paths.deals(), label: heDeals.navAll, icon: Banknote },
    // What the manager's branch owes the network; network admins read every branch on /Network.
    admin && !network && { to: paths.branchDues(), label: heDeals.dues.nav, icon: Landmark },
    network && { to: paths.network(), label: heNetwork.nav, icon: Network },
    { to: paths.scoreBoard(), label: he.sideNav.ranking, icon: Trophy },
    admin && { to: paths.leadSettings(), label: hePipeline.nav.settings, icon: Route },
    admin && { to: paths.users(), label: heAdmin.nav.users, icon: UserCog },
    // Every branch for a network admin, her own (read-only) for a branch manager.
    admin && { to: paths.branches(), label: heBranches.nav, icon: Store },
    // Leads referred between branches: a manager decides the incoming ones and follows the outgoing ones.
    admin && { to: paths.referrals(), label: heReferrals.nav, icon: Send },
    network && { to: paths.settings(), label: heAdmin.nav.settings, icon: Settings },
    network && { to: paths.audit(), label: heAdmin.nav.audit, icon: History },
  ];
  return items.filter((i): i is Item => Boolean(i));
}
