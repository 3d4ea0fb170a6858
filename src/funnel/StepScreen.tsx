// One screen of a funnel: its widgets, drawn from the flow's blocks, inside the boundary that catches widget code that
// could not be fetched and the Suspense that waits for code still on its way (fetched ahead, screens-ahead.ts).
import { Suspense, type ComponentType } from 'react';
import type { Block } from '../../engine/types.ts';
import { registry } from '../../widgets/registry.ts';
import { LoadBoundary } from '../../widgets/shared/LoadBoundary.tsx';
import type { WidgetProps } from '../../widgets/types.ts';
import { Skeleton } from '../layout/Skeleton.tsx';

interface Props {
  blocks: Block[];
  /** What every widget of the screen is given besides its block's props. */
  shared: Omit<WidgetProps, 'props'>;
  copy: { failed: string; retry: string; loading: string };
}

export function StepScreen({ blocks, shared, copy }: Props) {
  return (
    <LoadBoundary message={copy.failed} retry={copy.retry}>
      <Suspense fallback={<Skeleton label={copy.loading} />}>
        {blocks.map((block, i) => {
          const Widget = registry[block.widget] as ComponentType<WidgetProps> | undefined;
          // Keyed within the screen: the same widget on a step's answered twin keeps its state (open panels, focus).
          return Widget ? <Widget key={`${i}-${block.widget}`} props={block.props ?? {}} {...shared} /> : null;
        })}
      </Suspense>
    </LoadBoundary>
  );
}
