import type { ReactNode } from 'react';
import type { MethodName } from '@shared/protocol/catalog';
import type { IconName } from '../components/Icon';
import type { AnyKey } from '../i18n';

export type Section = 'warehouse' | 'billing' | 'system';
export type FKey = 'F2' | 'F3' | 'F4' | 'F6' | 'F7' | 'F8' | 'F9' | 'F10';

/** One entry of the navigation: a top-level screen with its route, label, icon and F-key. */
export interface ScreenDef {
  /** Unique, dotted: "warehouse.count", "billing.invoices". */
  id: string;
  /** Route under the root, without a leading slash; the screen owns everything below it. */
  path: string;
  section: Section;
  /** A translation key with its namespace, e.g. "warehouse:nav.count". */
  labelKey: AnyKey;
  icon: IconName;
  element: ReactNode;
  /** Opens the screen from anywhere. Alt+1…9 follow the sidebar order on top of this. */
  shortcut?: FKey;
  /**
   * The API method the screen is for (src/shared/protocol/roles.ts): a clerk whose role may not call
   * it sees the screen greyed out in the sidebar with the reason, its keys do nothing, and its route
   * says why instead of showing it. Absent: every role.
   */
  needs?: MethodName;
}

export const SECTION_ORDER: Section[] = ['warehouse', 'billing', 'system'];

/** The sidebar order: by section, then in the order the entries were registered. */
export function orderScreens(screens: readonly ScreenDef[]): ScreenDef[] {
  return SECTION_ORDER.flatMap((section) => screens.filter((s) => s.section === section));
}
