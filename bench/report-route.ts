// The report screen to measure: /accident/{id} of a demo report the server seeded at start, found near a big city.

const CITIES = ['Houston&state=TX', 'Los%20Angeles&state=CA', 'Chicago&state=IL', 'New%20York&state=NY', 'Phoenix&state=AZ'];

export async function demoReportRoute(base: string): Promise<string> {
  for (const city of CITIES) {
    const res = await fetch(`${base}/api/reports/search?city=${city}&from=${daysAgo(29)}`);
    const body = (await res.json()) as { results?: { id: string }[] };
    const id = body.results?.[0]?.id;
    if (id) return `/accident/${id}`;
  }
  throw new Error('no demo report found near the big cities: is DEMO_REPORTS off?');
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
