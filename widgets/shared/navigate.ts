// Leaves the funnel through the app's router when it gives one, else with a full page load.
import type { WidgetProps } from '../types.ts';

export function go(navigate: WidgetProps['navigate'], href: string): void {
  if (navigate) navigate(href);
  else window.location.assign(href);
}
