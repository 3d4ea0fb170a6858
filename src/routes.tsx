// The app's routes: every route of every flow, the home page, the text pages, and a not-found page.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FunnelRoute } from './funnel/FunnelPage.tsx';
import { flows } from './flows.ts';
import { Layout } from './layout/Layout.tsx';
import { InfoPage } from './pages/InfoPage.tsx';
import { LinksPage } from './pages/LinksPage.tsx';

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <LinksPage copy="home" /> },
      ...flows.flatMap((flow) => flow.routes.map((path) => ({ path, element: <FunnelRoute key={flow.id} flow={flow} /> }))),
      ...(['about', 'terms', 'privacy', 'disclaimer'] as const).map((page) => ({ path: `/${page}`, element: <InfoPage page={page} /> })),
      { path: '*', element: <LinksPage copy="notFound" /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
