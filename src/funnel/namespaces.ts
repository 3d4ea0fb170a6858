// The copy namespaces every funnel page reads besides its flow's own (FunnelPage's useTranslation); also what a funnel
// route's page preloads (scripts/route-pages.ts).
export const FUNNEL_NAMESPACES = ['app', 'common', 'errors', 'fields', 'locate'];
