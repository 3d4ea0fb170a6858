// Renders one widget as the funnel page would, with a send mock that also applies ANSWER events.
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useCallback, useState, type ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi, type Mock } from 'vitest';
import type { FlowEvent } from '../../engine/types.ts';
import { GeoContext, type GeoServices } from '../../widgets/shared/geo.ts';
import { LeadSponsorsContext, type LeadSponsors } from '../../widgets/sponsor-consent/lead-sponsors.ts';
import type { WidgetProps } from '../../widgets/types.ts';
import { FIXTURE_NS, i18nFor, type Lang } from './i18n.ts';
import './setup.ts';

export interface RenderWidgetOptions<P> {
  props: P;
  answers?: Record<string, unknown>;
  computed?: Record<string, unknown>;
  busy?: boolean;
  /** The flow namespace; the fixture namespace of tests/testing/i18n.ts by default. */
  ns?: string;
  lng?: Lang;
  navigate?: (href: string) => void;
  back?: () => void;
  /** Apply ANSWER events to the answers as the machine would (default true). */
  applyAnswers?: boolean;
  /** Place services for widgets that search or geocode (a fake in tests), provided through GeoContext. */
  geo?: GeoServices;
  /** The lead a step would send and who it would go to, for the sponsors' consent (a fake), through LeadSponsorsContext. */
  leadSponsors?: LeadSponsors;
}

export interface RenderWidgetResult<P> extends RenderResult {
  send: Mock<(event: FlowEvent) => void>;
  navigate: Mock<(href: string) => void>;
  back: Mock<() => void>;
  user: UserEvent;
  /** Re-renders with some options changed, e.g. new answers from the machine. */
  update: (patch: Partial<RenderWidgetOptions<P>>) => void;
}

interface HarnessProps<P> {
  Component: ComponentType<WidgetProps<P>>;
  options: RenderWidgetOptions<P>;
  send: (event: FlowEvent) => void;
  navigate: (href: string) => void;
  back: () => void;
}

function Harness<P>({ Component, options, send, navigate, back }: HarnessProps<P>) {
  const [answers, setAnswers] = useState(options.answers ?? {});
  const [seen, setSeen] = useState(options.answers);
  if (seen !== options.answers) {
    setSeen(options.answers);
    setAnswers(options.answers ?? {});
  }
  const apply = options.applyAnswers ?? true;
  const onSend = useCallback(
    (event: FlowEvent) => {
      send(event);
      if (apply && event.type === 'ANSWER') setAnswers((a) => ({ ...a, ...event.values }));
    },
    [send, apply],
  );
  return (
    <Component
      props={options.props}
      answers={answers}
      computed={options.computed ?? {}}
      busy={options.busy ?? false}
      send={onSend}
      back={back}
      ns={options.ns ?? FIXTURE_NS}
      navigate={navigate}
    />
  );
}

export function renderWidget<P>(
  Component: ComponentType<WidgetProps<P>>,
  options: RenderWidgetOptions<P>,
  userOptions?: Parameters<typeof userEvent.setup>[0],
): RenderWidgetResult<P> {
  const send = vi.fn<(event: FlowEvent) => void>();
  const navigate = vi.fn<(href: string) => void>(options.navigate ?? (() => undefined));
  const back = vi.fn<() => void>(options.back ?? (() => undefined));
  let current = options;
  const ui = (o: RenderWidgetOptions<P>) => (
    <I18nextProvider i18n={i18nFor(o.lng ?? 'en')}>
      <GeoContext.Provider value={o.geo ?? null}>
        <LeadSponsorsContext.Provider value={o.leadSponsors ?? null}>
          <Harness Component={Component} options={o} send={send} navigate={navigate} back={back} />
        </LeadSponsorsContext.Provider>
      </GeoContext.Provider>
    </I18nextProvider>
  );
  const user = userEvent.setup(userOptions);
  const result = render(ui(current));
  return {
    ...result,
    send,
    navigate,
    back,
    user,
    update: (patch) => {
      current = { ...current, ...patch };
      result.rerender(ui(current));
    },
  };
}

/** The values of every ANSWER event sent, in order. */
export function answersSent(send: Mock<(event: FlowEvent) => void>): Record<string, unknown>[] {
  return send.mock.calls.flatMap(([event]) => (event.type === 'ANSWER' ? [event.values] : []));
}
