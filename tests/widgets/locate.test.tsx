// The accident-locating wizard: its three choices, the VIN and Case ID forms, the map form (a double stands in for
// Leaflet), the phone's two map steps, late geocoding answers, and the make list and pin lookup helpers.
import { act, fireEvent, isInaccessible, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeoError, type GeoServices, type Place, type Point } from '../../widgets/shared/geo.ts';
import { Locate } from '../../widgets/locate/Locate.tsx';
import { filterMakes } from '../../widgets/locate/makes.ts';
import { CITY_ZOOM, LOCATION_ZOOM, STATE_VIEWS, US_VIEW, startView, viewForPath, viewForPlace, type MapCanvasProps } from '../../widgets/locate/map-view.ts';
import { lookUpPin } from '../../widgets/locate/pin-lookup.ts';
import makes from '../../widgets/locate/vehicle-makes.json';
import { answersSent, renderWidget } from '../testing/render-widget.tsx';

// Leaflet needs a real browser: the map chunk is replaced by a double that calls the same onPick as a click or a drag.
vi.mock('../../widgets/locate/LeafletMap.tsx', () => ({
  default: function FakeMap({ view, pin, label, onPick }: MapCanvasProps) {
    return (
      <div role="region" aria-label={label}>
        <p>
          View {view.center.lat},{view.center.lng} at zoom {view.zoom}
        </p>
        {pin && (
          <p>
            Pin {pin.lat},{pin.lng}
          </p>
        )}
        <button type="button" onClick={() => onPick({ lat: 30.2672, lng: -97.7431 }, true)}>
          Click the map at Austin
        </button>
        <button type="button" onClick={() => onPick({ lat: 30.2672, lng: -97.7431 + 360 }, true)}>
          Click Austin on the next world copy
        </button>
        <button type="button" onClick={() => onPick({ lat: 30.5, lng: -97.6 }, false)}>
          Drag the pin
        </button>
      </div>
    );
  },
}));

const AUSTIN: Place = { address: 'Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701', lat: 30.2672, lng: -97.7431 };
const ROUND_ROCK: Place = { address: 'Round Rock, TX 78664, USA', city: 'Round Rock', state: 'TX', zip: '78664' };
const GOOD_VIN = '1M8GDM9AXKP042788';
const CHECK_DIGIT_OFF = '1HGCM82643A004352';

const empty = { locateBy: null, vin: '', caseID: '', date: '', place: null, location: null, vehicleMake: '', vehicleYear: null };

function fakeGeo(reverse: GeoServices['reverse'] = vi.fn(() => Promise.resolve(AUSTIN))): GeoServices {
  return {
    suggest: vi.fn((text: string) => Promise.resolve(text.toLowerCase().startsWith('aus') ? [{ id: 'austin', label: 'Austin, TX, USA' }] : [])),
    resolve: vi.fn(() => Promise.resolve(AUSTIN)),
    reverse,
    tiles: { url: 'https://tiles.test/{z}/{x}/{y}.png', attribution: 'Test tiles' },
  };
}

/** A promise settled by the test, for a slow service. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function setPhone(phone: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: phone && query === '(max-width: 640px)',
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

function renderLocate(
  options: { answers?: Record<string, unknown>; geo?: GeoServices; busy?: boolean; lng?: 'en' | 'es'; props?: Record<string, unknown> } = {},
) {
  return renderWidget(Locate, {
    props: options.props ?? {},
    answers: { ...empty, ...options.answers },
    geo: options.geo ?? fakeGeo(),
    busy: options.busy,
    lng: options.lng,
  });
}

/** navigator.geolocation answering with a position or an error code (1 refused, 2 unavailable, 3 timed out); none for undefined. */
function fakeGeolocation(answer: { lat: number; lng: number } | 1 | 2 | 3 | undefined) {
  if (answer === undefined) {
    Reflect.deleteProperty(navigator, 'geolocation');
    return;
  }
  const getCurrentPosition = (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (typeof answer === 'object') ok({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition);
    else fail?.({ code: answer, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' });
  };
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

const next = () => screen.getByRole('button', { name: 'Next' });
const nextSent = (send: ReturnType<typeof renderLocate>['send']) => send.mock.calls.some(([event]) => event.type === 'NEXT');

async function chooseAustin(user: ReturnType<typeof renderLocate>['user']) {
  await user.type(screen.getByRole('combobox', { name: 'City of the accident' }), 'Aus');
  await user.click(await screen.findByRole('option', { name: 'Austin, TX, USA' }));
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'City of the accident' })).toHaveValue(AUSTIN.address));
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(navigator, 'geolocation');
  window.history.replaceState(null, '', '/');
});

describe('locate choices', () => {
  it('offers VIN, Case ID and a map, with the three info tiles on desktop and the padlock line', () => {
    renderLocate();
    const group = screen.getByRole('group', { name: 'How would you like to find your accident report?' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'VIN' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Case ID' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: "I don't know — use a map" })).not.toBeChecked();
    expect(screen.getByText(/A VIN is 17 characters of digits and capital letters/)).toBeVisible();
    expect(screen.getByText(/A Case ID is assigned at the accident and shared with the drivers/)).toBeVisible();
    expect(screen.getByText(/Use a map to locate the accident/)).toBeVisible();
    // One padlock line in sight: the forms drawn ahead, out of sight, have theirs.
    expect(screen.getAllByText('Your details are sent encrypted and used only for your request.').filter((line) => !isInaccessible(line))).toHaveLength(1);
  });

  it('shows no info tiles on a phone', () => {
    setPhone(true);
    renderLocate();
    expect(screen.queryByText(/A VIN is 17 characters/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'VIN' })).toBeInTheDocument();
  });

  it('sends the choice, shows its form instead of the tiles, and lets the choice change', async () => {
    const { user, send } = renderLocate();
    await user.click(screen.getByRole('radio', { name: 'VIN' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { locateBy: 'vin' } });
    expect(screen.getByRole('textbox', { name: 'VIN (vehicle identification number)' })).toBeVisible();
    expect(screen.queryByText(/A VIN is 17 characters/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Case ID' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { locateBy: 'case' } });
    expect(screen.getByRole('textbox', { name: 'Case ID' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /VIN/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: "I don't know — use a map" }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { locateBy: 'map' } });
    expect(screen.getByRole('combobox', { name: 'Vehicle make' })).toBeVisible();
  });

  it('asks for a choice on Next when none is made, and Back calls back()', async () => {
    const { user, send, back } = renderLocate();
    await user.click(next());
    expect(screen.getByText('Please choose one of the three ways to find your report.')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'VIN' })).toHaveFocus();
    expect(nextSent(send)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('disables Back and Next while busy', () => {
    renderLocate({ answers: { locateBy: 'vin' }, busy: true });
    expect(next()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it('renders Spanish', () => {
    renderLocate({ lng: 'es' });
    expect(screen.getByRole('radio', { name: 'Número de caso' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'No lo sé: usar un mapa' })).toBeInTheDocument();
    expect(screen.getAllByText('Sus datos se envían cifrados y solo se usan para su solicitud.').filter((line) => !isInaccessible(line))).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeVisible();
  });
});

describe('VIN form', () => {
  const vinBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'VIN (vehicle identification number)' });

  it('uppercases the VIN as typed, keeps at most 17 characters and shows a check mark when valid', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'vin' } });
    expect(vinBox()).toHaveAttribute('maxlength', '17');
    await user.type(vinBox(), '1m8gdm9axkp04278');
    expect(vinBox()).toHaveValue('1M8GDM9AXKP04278');
    expect(screen.queryByRole('img', { name: 'VIN is valid' })).not.toBeInTheDocument();
    await user.type(vinBox(), '8');
    expect(vinBox()).toHaveValue(GOOD_VIN);
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { vin: GOOD_VIN } });
    expect(screen.getByRole('img', { name: 'VIN is valid' })).toBeVisible();

    await user.clear(vinBox());
    await user.paste(`${GOOD_VIN.slice(0, 8).toLowerCase()} ${GOOD_VIN.slice(8)}XYZ`);
    expect(vinBox()).toHaveValue(GOOD_VIN);
  });

  it('inserts a pasted piece at the cursor, or over the selection, then cleans it', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'vin' } });
    await user.type(vinBox(), '1M8GKP042788');
    vinBox().setSelectionRange(4, 4);
    await user.paste('dm9-ax');
    expect(vinBox()).toHaveValue(GOOD_VIN);
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { vin: GOOD_VIN } });
    expect(vinBox()).toHaveProperty('selectionStart', 9);

    vinBox().setSelectionRange(0, 3);
    await user.paste('2t1');
    expect(vinBox()).toHaveValue(`2T1${GOOD_VIN.slice(3)}`);
  });

  it('says the VIN is required, must be 17 long and has no I, O or Q', async () => {
    const { user } = renderLocate({ answers: { locateBy: 'vin' } });
    await user.click(vinBox());
    await user.tab();
    expect(vinBox()).toHaveAccessibleDescription(expect.stringContaining('VIN is required'));
    expect(vinBox()).toHaveAttribute('aria-invalid', 'true');

    await user.type(vinBox(), '1M8GDM9AX');
    expect(screen.getByText('VIN should be 17 characters long')).toBeVisible();

    await user.clear(vinBox());
    await user.type(vinBox(), '1M8GDM9AXKP04278O');
    expect(vinBox()).toHaveAccessibleDescription(expect.stringContaining('A VIN never contains the letters I, O or Q'));
    expect(screen.queryByRole('img', { name: 'VIN is valid' })).not.toBeInTheDocument();
  });

  it('warns, without blocking, when the check digit does not match', async () => {
    const { user, send } = renderLocate({
      answers: { locateBy: 'vin', date: '2024-05-01', place: AUSTIN },
    });
    await user.type(vinBox(), CHECK_DIGIT_OFF);
    expect(screen.getByText(/does not pass the check-digit test/)).toBeVisible();
    expect(vinBox()).toHaveAccessibleDescription(expect.stringContaining('does not pass the check-digit test'));
    expect(vinBox()).not.toHaveAttribute('aria-invalid');
    // Seventeen allowed characters earn the check mark (§5); the warning sits below it.
    expect(screen.getByRole('img', { name: 'VIN is valid' })).toBeVisible();
    await user.click(next());
    expect(send).toHaveBeenLastCalledWith({ type: 'NEXT' });
  });

  it('shows every message on Next, focuses the first invalid field and sends NEXT only once all are valid', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'vin' } });
    await user.click(next());
    expect(screen.getByText('VIN is required')).toBeVisible();
    expect(screen.getByText('Date is required')).toBeVisible();
    expect(screen.getByText('City is required')).toBeVisible();
    expect(vinBox()).toHaveFocus();
    expect(nextSent(send)).toBe(false);

    await user.type(vinBox(), GOOD_VIN);
    await user.click(next());
    expect(screen.getByLabelText('Date of the accident')).toHaveFocus();
    expect(nextSent(send)).toBe(false);

    fireEvent.change(screen.getByLabelText('Date of the accident'), { target: { value: '2024-05-01' } });
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { date: '2024-05-01' } });
    expect(screen.queryByText('Date is required')).not.toBeInTheDocument();
    await chooseAustin(user);
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', values: { place: AUSTIN } });
    expect(screen.queryByText('City is required')).not.toBeInTheDocument();
    await user.click(next());
    expect(send).toHaveBeenLastCalledWith({ type: 'NEXT' });
  });

  it('offers no date after today', () => {
    renderLocate({ answers: { locateBy: 'vin' } });
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(screen.getByLabelText('Date of the accident')).toHaveAttribute('max', iso);
  });

  it('asks to choose the city from the list when text is typed but none chosen', async () => {
    const { user } = renderLocate({ answers: { locateBy: 'vin' } });
    const city = screen.getByRole('combobox', { name: 'City of the accident' });
    await user.type(city, 'Springfieldish');
    await user.tab();
    expect(screen.getByText('Please start typing and then choose the city from the dropdown list.')).toBeVisible();
    expect(city).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Case ID form', () => {
  it('requires the case ID, the date and the city', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'case' } });
    const caseId = screen.getByRole('textbox', { name: 'Case ID' });
    await user.click(next());
    expect(caseId).toHaveAccessibleDescription(expect.stringContaining('Case ID is required'));
    expect(caseId).toHaveFocus();
    expect(screen.getByText('Date is required')).toBeVisible();
    expect(screen.getByText('City is required')).toBeVisible();

    await user.type(caseId, '   ');
    expect(caseId).toHaveAccessibleDescription(expect.stringContaining('Case ID cannot be empty.'));
    expect(screen.queryByText('Case ID is required')).not.toBeInTheDocument();
    await user.click(next());
    expect(caseId).toHaveFocus();
    expect(nextSent(send)).toBe(false);
    await user.type(caseId, 'TX-2024-0042');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { caseID: '   TX-2024-0042' } });
    expect(screen.queryByText(/Case ID (is required|cannot be empty)/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Date of the accident'), { target: { value: '2024-05-01' } });
    await chooseAustin(user);
    await user.click(next());
    expect(send).toHaveBeenLastCalledWith({ type: 'NEXT' });
  });
});

describe('map form', () => {
  const map = () => screen.findByRole('region', { name: 'Accident map' });

  it('creates the map after a short wait, in a placeholder of the same size meanwhile', async () => {
    renderLocate({ answers: { locateBy: 'map' } });
    expect(screen.getByText('Loading the map…')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Accident map' })).not.toBeInTheDocument();
    expect(await map()).toBeVisible();
    expect(screen.queryByText('Loading the map…')).not.toBeInTheDocument();
    expect(screen.getByText('Drop a pin within a 10-mile radius of the accident')).toBeVisible();
  });

  it('centres on the state of the page path, New York City closer, else the whole US', async () => {
    window.history.replaceState(null, '', '/tx/find-my-report');
    const { unmount } = renderLocate({ answers: { locateBy: 'map' } });
    expect(await map()).toHaveTextContent(`View ${STATE_VIEWS.tx!.center.lat},${STATE_VIEWS.tx!.center.lng} at zoom 6`);
    unmount();

    expect(viewForPath('/tx/find-my-report').center.lat).toBeCloseTo(31, 0);
    expect(viewForPath('/TX').center.lng).toBeCloseTo(-97.6, 0);
    expect(viewForPath('/ny/report')).toEqual({ center: { lat: 40.71, lng: -74.01 }, zoom: 10 });
    expect(viewForPath('/ca/x').zoom).toBe(6);
    expect(viewForPath('/find-my-report')).toEqual({ center: { lat: 39.5, lng: -98.35 }, zoom: 4 });
    expect(viewForPath('/')).toBe(US_VIEW);
    for (const state of ['ca', 'tx', 'ma', 'fl', 'oh', 'il', 'ky', 'ut', 'ct', 'ia', 'ny']) expect(STATE_VIEWS).toHaveProperty([state]);
  });

  it("opens on a city typed earlier, in the path's state or with no state in the path; else on the flow's view", async () => {
    const { unmount } = renderLocate({ answers: { locateBy: 'map', place: AUSTIN } });
    expect(await map()).toHaveTextContent(`View ${AUSTIN.lat},${AUSTIN.lng} at zoom ${CITY_ZOOM}`);
    unmount();
    renderLocate({ answers: { locateBy: 'map' }, props: { zoom: 7, center: { lat: 35, lng: -80 } } });
    expect(await map()).toHaveTextContent('View 35,-80 at zoom 7');

    expect(startView('/tx/find-my-report', AUSTIN)).toEqual({ center: { lat: AUSTIN.lat, lng: AUSTIN.lng }, zoom: CITY_ZOOM });
    const boston = { ...AUSTIN, address: 'Boston, MA 02108, USA', city: 'Boston', state: 'MA', lat: 42.36, lng: -71.06 };
    expect(startView('/tx/find-my-report', boston)).toBe(STATE_VIEWS.tx);
    expect(startView('/find-my-report', boston, { zoom: 8 })).toEqual({ center: { lat: 42.36, lng: -71.06 }, zoom: CITY_ZOOM });
    // A place without a point (or a state, not a city) is not a city to open on.
    expect(startView('/find-my-report', ROUND_ROCK, { zoom: 8 })).toEqual({ center: US_VIEW.center, zoom: 8 });
    expect(startView('/tx/x', null, { zoom: 8, center: { lat: 1, lng: 2 } })).toBe(STATE_VIEWS.tx);
    expect(startView('/x', null)).toBe(US_VIEW);
    expect(viewForPlace({ address: 'Texas, USA', city: '', state: 'TX', zip: null, lat: 31, lng: -99 })).toBe(STATE_VIEWS.tx);
    expect(viewForPlace({ address: '500 Congress Ave, Austin, TX 78701, USA', city: 'Austin', state: 'TX', zip: '78701', lat: 30.27, lng: -97.74 })?.zoom).toBe(
      16,
    );
  });

  it('moves the map to a city or ZIP code chosen in its search, without answering anything, and says so', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'map' } });
    await map();
    const search = screen.getByRole('combobox', { name: 'Go to a city or ZIP code' });
    await user.type(search, 'Aus');
    await user.click(await screen.findByRole('option', { name: 'Austin, TX, USA' }));
    expect(await screen.findByText('The map shows Austin, TX, USA. Now tap or click the map where it happened.')).toBeVisible();
    expect(await map()).toHaveTextContent(`View ${AUSTIN.lat},${AUSTIN.lng} at zoom ${CITY_ZOOM}`);
    expect(answersSent(send)).toEqual([]);
    // The next click drops the pin, and the note gives way to the pin's address.
    await user.click(screen.getByRole('button', { name: 'Click the map at Austin' }));
    expect(await screen.findByText('Pin near: Austin, TX 78701, USA')).toBeVisible();
    expect(screen.queryByText(/The map shows/)).not.toBeInTheDocument();
  });

  it('asks the place service for addresses too when it has them', async () => {
    const suggest = vi.fn<GeoServices['suggest']>(() => Promise.resolve([{ id: 'austin', label: 'Austin, TX, USA' }]));
    const geo = { ...fakeGeo(), suggest, findsAddresses: true };
    const { user } = renderLocate({ answers: { locateBy: 'map' }, geo });
    await user.type(screen.getByRole('combobox', { name: 'Go to an address, city or ZIP code' }), 'Aus');
    await screen.findByRole('option', { name: 'Austin, TX, USA' });
    expect(suggest).toHaveBeenLastCalledWith('Aus', expect.any(AbortSignal), 'addresses');
  });

  it('moves the map to the browser location, and says why not when refused, unavailable or unsupported', async () => {
    fakeGeolocation({ lat: 30.5083, lng: -97.6789 });
    const { user, unmount } = renderLocate({ answers: { locateBy: 'map' } });
    await map();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await map()).toHaveTextContent(`View 30.5083,-97.6789 at zoom ${LOCATION_ZOOM}`);
    expect(screen.getByText('The map shows where you are. Now tap or click the map where it happened.')).toBeVisible();
    unmount();

    for (const [answer, said] of [
      [1, /not sharing your location with this site/],
      [2, /couldn't find your location/],
      [3, /couldn't find your location/],
      [undefined, /can't share its location/],
    ] as const) {
      fakeGeolocation(answer);
      const other = renderLocate({ answers: { locateBy: 'map' }, lng: 'en' });
      await other.user.click(screen.getByRole('button', { name: 'Use my location' }));
      expect(screen.getByText(said)).toHaveAttribute('role', 'alert');
      other.unmount();
    }
    fakeGeolocation(1);
    const spanish = renderLocate({ answers: { locateBy: 'map' }, lng: 'es' });
    await spanish.user.click(screen.getByRole('button', { name: 'Usar mi ubicación' }));
    expect(screen.getByText(/Su navegador no comparte su ubicación/)).toHaveAttribute('role', 'alert');
  });

  // A click on a repeated copy of the world (longitude beyond ±180) is the same place on the main copy.
  it.each(['Click the map at Austin', 'Click Austin on the next world copy'])(
    'drops a pin on a click, recentres at zoom 9 and shows the address found there (%s)',
    async (click) => {
      const reverse = vi.fn<GeoServices['reverse']>(() => Promise.resolve(AUSTIN));
      const { user, send } = renderLocate({ answers: { locateBy: 'map' }, geo: fakeGeo(reverse) });
      await user.click(within(await map()).getByRole('button', { name: click }));
      const location = { lat: 30.2672, lng: -97.7431 };
      expect(send).toHaveBeenCalledWith({ type: 'ANSWER', values: { location, place: null } });
      expect(reverse).toHaveBeenCalledWith(location);
      expect(await screen.findByText('Pin near: Austin, TX 78701, USA')).toBeVisible();
      expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { location, place: AUSTIN } });
      expect(await map()).toHaveTextContent('View 30.2672,-97.7431 at zoom 9');
      expect(await map()).toHaveTextContent('Pin 30.2672,-97.7431');
    },
  );

  it('looks the address up again when the pin is dragged, without recentring', async () => {
    const reverse = vi.fn<GeoServices['reverse']>((p: Point) => Promise.resolve(p.lat === 30.5 ? ROUND_ROCK : AUSTIN));
    const { user, send } = renderLocate({ answers: { locateBy: 'map' }, geo: fakeGeo(reverse) });
    await user.click(within(await map()).getByRole('button', { name: 'Click the map at Austin' }));
    await screen.findByText('Pin near: Austin, TX 78701, USA');
    await user.click(screen.getByRole('button', { name: 'Drag the pin' }));
    expect(await screen.findByText('Pin near: Round Rock, TX 78664, USA')).toBeVisible();
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { location: { lat: 30.5, lng: -97.6 }, place: ROUND_ROCK } });
    expect(await map()).toHaveTextContent('View 30.2672,-97.7431 at zoom 9');
    expect(await map()).toHaveTextContent('Pin 30.5,-97.6');
  });

  it('drops a pin at the map center from the keyboard', async () => {
    const reverse = vi.fn<GeoServices['reverse']>(() => Promise.resolve(null));
    const { user, send } = renderLocate({ answers: { locateBy: 'map' }, geo: fakeGeo(reverse) });
    await map();
    screen.getByRole('button', { name: 'Drop a pin at the map center' }).focus();
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenCalledWith({ type: 'ANSWER', values: { location: US_VIEW.center, place: null } });
    expect(reverse).toHaveBeenCalledWith(US_VIEW.center);
  });

  it('says "No results found" in an alert when nothing is found at the pin', async () => {
    const { user } = renderLocate({ answers: { locateBy: 'map' }, geo: fakeGeo(() => Promise.resolve(null)) });
    await user.click(within(await map()).getByRole('button', { name: 'Click the map at Austin' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No results found'));
    expect(screen.queryByText(/Pin near/)).not.toBeInTheDocument();
  });

  it('says the geocoder failed, with its status, in an alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = renderLocate({
      answers: { locateBy: 'map' },
      geo: fakeGeo(() => Promise.reject(new GeoError('OVER_QUERY_LIMIT'))),
    });
    await user.click(within(await map()).getByRole('button', { name: 'Click the map at Austin' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("We couldn't look up this place (OVER_QUERY_LIMIT). Please try again."));
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('requires a pin, a make, a year and a date on Next', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'map' } });
    await map();
    await user.click(next());
    expect(screen.getByText('Please select the location on the map')).toBeVisible();
    expect(screen.getByText('Vehicle make is required')).toBeVisible();
    expect(screen.getByText('Year is required')).toBeVisible();
    expect(screen.getByText('Date is required')).toBeVisible();
    expect(nextSent(send)).toBe(false);
    expect(screen.getByRole('button', { name: 'Click the map at Austin' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Click the map at Austin' }));
    expect(screen.queryByText('Please select the location on the map')).not.toBeInTheDocument();
    await user.click(next());
    expect(screen.getByRole('combobox', { name: 'Vehicle make' })).toHaveFocus();
  });

  it('validates the vehicle year on blur and stores it as a number', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'map' } });
    const year = screen.getByRole('textbox', { name: 'Vehicle year' });
    expect(year).toHaveAttribute('inputmode', 'numeric');
    await user.click(year);
    await user.tab();
    expect(year).toHaveAccessibleDescription('Year is required');

    await user.type(year, 'abc');
    expect(screen.getByText('This year is not valid')).toBeVisible();
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { vehicleYear: null } });

    await user.clear(year);
    await user.type(year, '1899');
    await user.tab();
    expect(year).toHaveAccessibleDescription('Please enter a valid year for the vehicle.');
    await user.clear(year);
    await user.type(year, String(new Date().getFullYear() + 1));
    expect(screen.getByText('Please enter a valid year for the vehicle.')).toBeVisible();

    await user.clear(year);
    await user.type(year, '2018');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { vehicleYear: 2018 } });
    expect(screen.queryByText(/year/i, { selector: '.field__error' })).not.toBeInTheDocument();
  });

  it('shows no year message before the field is left', async () => {
    const { user } = renderLocate({ answers: { locateBy: 'map' } });
    await user.type(screen.getByRole('textbox', { name: 'Vehicle year' }), '18');
    expect(screen.queryByText('Please enter a valid year for the vehicle.')).not.toBeInTheDocument();
  });

  it('searches the vehicle makes and stores the one chosen', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'map' } });
    const make = screen.getByRole('combobox', { name: 'Vehicle make' });
    await user.click(make);
    await user.tab();
    expect(make).toHaveAccessibleDescription(expect.stringContaining('Vehicle make is required'));

    await user.type(make, 'harl');
    // Shown as its maker writes it, stored as the crash-report systems do.
    await user.click(await screen.findByRole('option', { name: 'Harley-Davidson' }));
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { vehicleMake: 'HARLEY-DAVIDSON' } });
    expect(make).toHaveValue('Harley-Davidson');
    expect(screen.queryByText('Vehicle make is required')).not.toBeInTheDocument();

    await user.clear(make);
    await user.type(make, 'peter');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { vehicleMake: 'PETERBILT' } });

    await user.clear(make);
    await user.type(make, 'toyo');
    await user.tab();
    expect(make).toHaveAccessibleDescription(expect.stringContaining('Please choose the make from the list.'));
    expect(screen.queryByText('Vehicle make is required')).not.toBeInTheDocument();

    await user.clear(make);
    await user.type(make, 'zzzz');
    expect(screen.getByText(/^No make matches/)).toHaveAttribute('role', 'status');
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { vehicleMake: '' } });
  });

  it('sends NEXT once the pin, make, year and date are given', async () => {
    const { user, send } = renderLocate({ answers: { locateBy: 'map' } });
    await user.click(within(await map()).getByRole('button', { name: 'Click the map at Austin' }));
    await user.type(screen.getByRole('combobox', { name: 'Vehicle make' }), 'toyota');
    await user.type(screen.getByRole('textbox', { name: 'Vehicle year' }), '2019');
    fireEvent.change(screen.getByLabelText('Date of the accident'), { target: { value: '2024-05-01' } });
    await user.click(next());
    expect(send).toHaveBeenLastCalledWith({ type: 'NEXT' });
    expect(answersSent(send)).toContainEqual({ vehicleMake: 'TOYOTA' });
  });

  it('on a phone: pin first (Next without a pin says to touch the map), then the vehicle and date; Back returns to the pin', async () => {
    setPhone(true);
    const { user, send, back } = renderLocate({ answers: { locateBy: 'map' } });
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: mark the place' })).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Vehicle make' })).not.toBeInTheDocument();
    await map();
    await user.click(next());
    expect(screen.getByText('Touch the map to drop a pin')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: mark the place' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Click the map at Austin' }));
    expect(screen.queryByText('Touch the map to drop a pin')).not.toBeInTheDocument();
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: your vehicle and the date' })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Accident map' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Vehicle make' })).toBeVisible();
    expect(nextSent(send)).toBe(false);

    await user.click(next());
    expect(screen.getByText('Vehicle make is required')).toBeVisible();
    expect(screen.getByText('Year is required')).toBeVisible();
    expect(nextSent(send)).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: mark the place' })).toHaveFocus();
    expect(await map()).toHaveTextContent('Pin 30.2672,-97.7431');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);
  });
});

describe('late answers of the place service', () => {
  it('drops the address of a pin once the map form is left, so it cannot overwrite a city chosen since', async () => {
    const lookup = deferred<Place | null>();
    const { user, send } = renderLocate({ answers: { locateBy: 'map' }, geo: fakeGeo(() => lookup.promise) });
    await user.click(within(await screen.findByRole('region', { name: 'Accident map' })).getByRole('button', { name: 'Click the map at Austin' }));
    await user.click(screen.getByRole('radio', { name: 'VIN' }));
    await chooseAustin(user);
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { place: AUSTIN } });

    await act(async () => {
      lookup.resolve(ROUND_ROCK);
      await lookup.promise;
    });
    expect(answersSent(send)).not.toContainEqual(expect.objectContaining({ place: ROUND_ROCK }));
    expect(screen.getByRole('combobox', { name: 'City of the accident' })).toHaveValue(AUSTIN.address);
  });

  it('keeps the address of a pin found while the phone shows the vehicle step', async () => {
    setPhone(true);
    const lookup = deferred<Place | null>();
    const { user, send } = renderLocate({ answers: { locateBy: 'map' }, geo: fakeGeo(() => lookup.promise) });
    await user.click(within(await screen.findByRole('region', { name: 'Accident map' })).getByRole('button', { name: 'Click the map at Austin' }));
    await user.click(next());
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: your vehicle and the date' })).toBeVisible();

    await act(async () => {
      lookup.resolve(AUSTIN);
      await lookup.promise;
    });
    expect(send).toHaveBeenLastCalledWith({ type: 'ANSWER', values: { location: { lat: 30.2672, lng: -97.7431 }, place: AUSTIN } });
  });

  it('drops a chosen city still being resolved once the form is left', async () => {
    const resolving = deferred<Place>();
    const geo = fakeGeo();
    geo.resolve = vi.fn(() => resolving.promise);
    const { user, send } = renderLocate({ answers: { locateBy: 'vin' }, geo });
    await user.type(screen.getByRole('combobox', { name: 'City of the accident' }), 'Aus');
    await user.click(await screen.findByRole('option', { name: 'Austin, TX, USA' }));
    await user.click(screen.getByRole('radio', { name: 'Case ID' }));

    await act(async () => {
      resolving.resolve(AUSTIN);
      await resolving.promise;
    });
    expect(answersSent(send)).not.toContainEqual({ place: AUSTIN });
  });
});

describe('locating helpers', () => {
  it('turns a reverse geocoding into found, none or failed', async () => {
    const at = { lat: 1, lng: 2 };
    await expect(lookUpPin({ reverse: () => Promise.resolve(AUSTIN) }, at)).resolves.toEqual({ kind: 'found', place: AUSTIN });
    await expect(lookUpPin({ reverse: () => Promise.resolve(null) }, at)).resolves.toEqual({ kind: 'none' });
    await expect(lookUpPin({ reverse: () => Promise.reject(new GeoError('OVER_QUERY_LIMIT')) }, at)).resolves.toEqual({
      kind: 'failed',
      status: 'OVER_QUERY_LIMIT',
    });
    await expect(lookUpPin({ reverse: () => Promise.reject(new Error('boom')) }, at)).resolves.toEqual({
      kind: 'failed',
      status: 'UNKNOWN_ERROR',
    });
  });

  it('has several hundred uppercase makes of every kind of vehicle, searchable', () => {
    expect(makes.length).toBeGreaterThanOrEqual(300);
    expect(new Set(makes).size).toBe(makes.length);
    for (const make of makes) expect(make).toBe(make.toUpperCase());
    for (const make of ['ACURA', 'FORD', 'TESLA', 'TOYOTA', 'KENWORTH', 'PETERBILT', 'HARLEY-DAVIDSON', 'UTILITY TRAILER', 'BLUE BIRD']) {
      expect(makes).toContain(make);
    }
    for (const make of ['ALL OTHER MAKES', 'UNKNOWN', 'HOMEMADE VEHICLE', 'OTHER (EXPLAIN IN NARRATIVE)']) expect(makes).toContain(make);
    expect(filterMakes(makes, 'ford').slice(0, 1)).toEqual(['FORD']);
    expect(filterMakes(makes, 'bird')).toEqual(expect.arrayContaining(['BLUE BIRD', 'MICRO BIRD']));
  });
});
