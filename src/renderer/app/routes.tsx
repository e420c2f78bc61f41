import { Navigate, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RoleGate } from './roleGate';
import { ScreenBoundary } from './ScreenBoundary';
import type { ScreenDef } from './screenDef';

/** Routes from the registry: each screen owns `path/*`; the first one is the start screen. */
export function buildRoutes(screens: readonly ScreenDef[]): RouteObject[] {
  const first = screens[0];
  return [
    {
      path: '/',
      element: <Layout screens={screens} />,
      children: [
        ...(first ? [{ index: true, element: <Navigate to={`/${first.path}`} replace /> }] : []),
        ...screens.map((s) => ({ path: `${s.path}/*`, element: (
          <ScreenBoundary key={s.id}>
            <RoleGate screen={s}>{s.element}</RoleGate>
          </ScreenBoundary>
        ), })),
        { path: '*', element: first ? <Navigate to={`/${first.path}`} replace /> : null },
      ],
    },
  ];
}
