// A phone frame of the studio (preview.html?lang=…): shows the step the studio asks for in one language, in the app's
// page frame, and tells the studio where the visitor's taps lead.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Flow } from '../../engine/types.ts';
import { GeoContext } from '../../widgets/shared/geo.ts';
import { fakeGeo } from './fake-geo.ts';
import { setCatalogue } from './frame-i18n.ts';
import { FrameSync, type FlowActor } from './frame-sync.ts';
import type { FrameMessage, ShowMessage } from './messages.ts';
import { PhoneStep } from './PhoneStep.tsx';

export function PreviewFrame({ lang }: { lang: string }) {
  const { t } = useTranslation('app');
  const [running, setRunning] = useState<{ flow: Flow; actor: FlowActor }>();
  const [left, setLeft] = useState<string>();

  useEffect(() => {
    const post = (message: FrameMessage) => window.parent.postMessage(message, window.location.origin);
    const sync = new FrameSync(lang, post, (actor, flow) => {
      setLeft(undefined);
      setRunning({ actor, flow });
    });
    const onMessage = (event: MessageEvent<ShowMessage>) => {
      if (event.origin !== window.location.origin || event.data.type !== 'studio:show') return;
      setCatalogue(lang, event.data.catalogue);
      sync.show(event.data);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'studio:ready', lang });
    return () => {
      window.removeEventListener('message', onMessage);
      sync.stop();
    };
  }, [lang]);

  const leave = (href: string) => {
    setLeft(href);
    window.parent.postMessage({ type: 'studio:leave', lang, href } satisfies FrameMessage, window.location.origin);
  };

  return (
    <GeoContext.Provider value={fakeGeo}>
      <header className="site-header">
        <span className="brand">{t('brand')}</span>
      </header>
      <main className="site-main">
        {running ? <PhoneStep flow={running.flow} actor={running.actor} onLeave={leave} /> : <p className="loading">{t('loading')}</p>}
      </main>
      {left && (
        <p className="frame-left" role="status">
          The visitor leaves the funnel for {left}
        </p>
      )}
    </GeoContext.Provider>
  );
}
