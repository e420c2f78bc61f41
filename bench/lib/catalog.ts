/** The synthetic catalog of the product-area bench: its child seeds it, its load side searches it. */
export const MAKERS = ['Makita', 'Bosch', 'DeWalt', 'Metabo', 'Hikoki', 'Einhell', 'Stanley', 'Milwaukee', 'Festool', 'Ryobi', 'Zwilling', 'Tefal', 'Philips', 'Gorenje', 'Zepter', 'Herend', 'Zsolnay', 'Pick', 'Tokaji', 'Győri'];
export const KINDS = ['ütvefúró', 'sarokcsiszoló', 'körfűrész', 'csavarbehajtó', 'dekopírfűrész', 'akkumulátor', 'töltő', 'fúrószár', 'vágókorong', 'csiszolópapír', 'mérőszalag', 'vízmérték', 'kalapács', 'fogó', 'csavarhúzó', 'kés', 'serpenyő', 'fazék', 'vízforraló', 'kávéfőző', 'porszívó', 'hűtő', 'tűzhely', 'mosógép', 'porcelán tányér', 'bögre', 'váza', 'szalámi', 'bor', 'pálinka', 'keksz', 'csokoládé', 'kenyérpirító', 'turmixgép', 'hajszárító', 'borotva', 'lámpa', 'izzó', 'hosszabbító', 'elem', 'kesztyű', 'védőszemüveg', 'munkaruha', 'bakancs', 'létra', 'talicska', 'ásó', 'gereblye', 'locsolótömlő', 'fűnyíró'];

/** Product i of the catalog (0-based): its maker, kind and name. */
export function syntheticProduct(i: number): { maker: string; kind: string; name: string } {
  const maker = MAKERS[i % MAKERS.length]!;
  const kind = KINDS[Math.floor(i / MAKERS.length) % KINDS.length]!;
  return { maker, kind, name: `${maker} ${kind} ${100 + (i % 997)}` };
}

/** How many different narrowFilter()s there are. */
export const NARROW_FILTERS = MAKERS.length * KINDS.length * 90;

/**
 * The i-th of the different narrow filters shaped like "makita ütvefúró 12" ("Bosch körfűrész 41"):
 * below NARROW_FILTERS, a search nobody asked before, so no kept answer can serve it.
 */
export function narrowFilter(i: number): string {
  const combo = i % (MAKERS.length * KINDS.length);
  const number = 10 + (Math.floor(i / (MAKERS.length * KINDS.length)) % 90);
  return `${MAKERS[combo % MAKERS.length]} ${KINDS[Math.floor(combo / MAKERS.length)]} ${number}`;
}
