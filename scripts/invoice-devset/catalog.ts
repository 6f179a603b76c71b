/**
 * Parts catalogues of the development set: how each kind of supplier numbers and names its parts, and roughly what they
 * cost (list price in integer cents). Part numbers follow the real patterns: Ford with spaces (`HC3Z 8200 A`),
 * Toyota/Honda/Nissan with dashes and letters next to digits (`52119-0R917`, `71101-T0A-A00`, `62022-5NA0A`), GM
 * eight digits, Mopar digits plus a suffix, Partslink numbers for aftermarket (`FO1000A12`), paint codes with
 * slashes (`DBC9700/1L`), NAGS glass numbers with a space (`FW04210 GTY`), recycler stock tags mixing O/0, I/1, S/5.
 * The printed value is the truth: nothing here is "corrected".
 */
import type { Rng } from './rng';

export interface CatalogPart {
  part_number: string;
  description: string;
  /** List price, cents. */
  list: number;
  /** Unit of measure as printed (EA, PR, QT, GL, BX, KT, RL, PK). */
  uom: string;
  /** Vehicle or application text, when the layout prints one. */
  application: string;
  /** Extra note column (a salvage yard's interchange number); only the extra2 catalogues set it. */
  note?: string;
}

export type CatalogId =
  | 'ford'
  | 'toyota'
  | 'gm'
  | 'honda'
  | 'mopar'
  | 'nissan'
  | 'aftermarket'
  | 'store'
  | 'paint'
  | 'glass'
  | 'recycler'
  | 'fasteners'
  | 'electrical'
  | 'euro'
  | 'paintmix'
  | 'tire'
  | 'salvage'
  | 'dotted'
  | 'leadzero'
  | 'paintsize'
  | 'hyundai'
  | 'nagsplain'
  | 'yard'
  | 'linecode'
  | 'bmw'
  | 'acdelco'
  | 'supplies'
  | 'mazda'
  | 'subaru'
  | 'weldgas'
  | 'lexus'
  | 'import'
  | 'toner'
  | 'donor'
  | 'capa'
  | 'nagskit'
  | 'acura'
  | 'reman'
  | 'paintdirect'
  | 'adas'
  | 'clips'
  | 'tow'
  | 'toyotawhs'
  | 'moparws'
  | 'kia'
  | 'paintstore'
  | 'abrasives'
  | 'broker'
  | 'gmwhs'
  | 'hyusub'
  | 'bumperlamp'
  | 'pbe'
  | 'fastbulk'
  | 'glasswhs';

const FORD_BODY: [string, string, number][] = [
  ['17D957', 'BUMPER COVER - FRONT', 42000],
  ['17757', 'BUMPER ASY - FRONT', 61500],
  ['8200', 'GRILLE ASY - RADIATOR', 38900],
  ['16005', 'PANEL ASY - FENDER FRONT', 27450],
  ['13008', 'HEADLAMP ASY', 56800],
  ['17C947', 'REINFORCEMENT - BUMPER', 18925],
  ['16700', 'HINGE ASY - HOOD', 4385],
  ['17E814', 'ISOLATOR - BUMPER', 2210],
  ['16612', 'PANEL - HOOD', 71240],
  ['8A284', 'SHIELD - RADIATOR AIR DEFLECTOR', 6475],
  ['15200', 'LAMP ASY - FOG', 11830],
  ['17K945', 'BRACKET - BUMPER', 1365],
  ['20124', 'MOULDING - DOOR OUTSIDE', 9745],
  ['17683', 'MIRROR ASY - REAR VIEW OUTER', 33560],
];
const TOYOTA: [string, string, number][] = [
  ['52119-0R917', 'COVER, FRONT BUMPER', 38600],
  ['52535-0R010', 'RETAINER, FRONT BUMPER SIDE', 2145],
  ['81130-42720', 'UNIT ASSY, HEADLAMP, LH', 48790],
  ['53301-0R020', 'HOOD SUB-ASSY', 66215],
  ['52611-0R040', 'ABSORBER, FRONT BUMPER ENERGY', 5530],
  ['53112-0R050', 'GRILLE, RADIATOR, LOWER', 9870],
  ['90467-10188', 'CLIP, SCREW GROMMET', 125],
  ['75310-0R010', 'EMBLEM, FRONT', 4120],
  ['53811-0R904', 'FENDER SUB-ASSY, FRONT LH', 24355],
  ['87910-0R371', 'MIRROR ASSY, OUTER REAR VIEW', 31265],
  ['53875-0R020', 'LINER, FRONT FENDER, LH', 3950],
];
const GM: [string, string, number][] = [
  ['84512345', 'FASCIA, FRT BPR', 45710],
  ['23386735', 'GRILLE ASM, RAD', 51225],
  ['84236812', 'HEADLAMP ASM, FRT', 61880],
  ['22915762', 'BRACKET, FRT BPR FASCIA', 2390],
  ['84103396', 'ABSORBER, FRT BPR ENERGY', 9655],
  ['11570241', 'RIVET, PUSH IN', 95],
  ['23464598', 'PANEL, HOOD', 58920],
  ['84009131', 'MOLDING, FRT BPR FASCIA', 7740],
  ['20801632', 'LAMP ASM, FOG', 13815],
  ['15249915', 'SEAL, HOOD REAR', 2875],
];
const HONDA: [string, string, number][] = [
  ['71101-TBA-A00', 'FACE, FR. BUMPER', 29880],
  ['04711-T0A-A90ZZ', 'FACE SET, FR. BUMPER', 41225],
  ['33150-T2A-A01', 'HEADLIGHT ASSY., L.', 62210],
  ['71198-TBA-A01', 'SPACER, L. FR. BUMPER SIDE', 1860],
  ['60261-TBA-A90ZZ', 'PANEL, L. FR. FENDER', 21975],
  ['91503-SZ3-003', 'CLIP, BUMPER', 180],
  ['74101-T0A-A00', 'FENDER, L. FR. (INNER)', 4635],
  ['71120-TBA-A01', 'GRILLE, FR. BUMPER (UPPER)', 16040],
  ['76258-T0A-A01', 'MIRROR, L. (FLAT)', 5195],
  ['90674-SZ5-003', 'CLIP, PUSH (8MM)', 210],
];
const MOPAR: [string, string, number][] = [
  ['68292970AB', 'FASCIA, FRONT', 54335],
  ['5XM91TZZAB', 'GRILLE, RADIATOR', 39410],
  ['68210243AA', 'REINFORCEMENT, FRONT BUMPER', 26760],
  ['68228946AC', 'HEADLAMP, LEFT', 71505],
  ['6511789AA', 'SCREW, HEX FLANGE HEAD', 245],
  ['68094165AB', 'BRACKET, FASCIA SUPPORT', 3180],
  ['1UP33TZZAC', 'APPLIQUE, TAILGATE', 18245],
  ['68271188AA', 'SHIELD, SPLASH', 6725],
  ['55112977AC', 'HINGE, HOOD', 5940],
];
const NISSAN: [string, string, number][] = [
  ['62022-5NA0A', 'FASCIA KIT-FRONT BUMPER', 36470],
  ['F2100-4RAMA', 'FENDER-FRONT, LH', 25835],
  ['26060-6CA0A', 'HEADLAMP ASSY-LH', 53310],
  ['62310-5NA0A', 'GRILLE ASSY-FRONT', 27290],
  ['01553-00651', 'CLIP', 140],
  ['62090-5NA0A', 'ABSORBER-ENERGY, FRONT BUMPER', 6120],
  ['63842-6CA0A', 'PROTECTOR-FRONT FENDER, LH', 4470],
  ['F5100-6RAMA', 'HOOD ASSY', 59815],
];
const PARTSLINK: [string, string, number, string][] = [
  ['FO1000A12', 'Front bumper cover, primed', 16495, '2018-20 Ford F-150'],
  ['TO1200427C', 'Front bumper cover, CAPA', 21980, '2018-20 Toyota Camry'],
  ['HO1038105', 'Bumper cover retainer LH', 1195, '2016-18 Honda Civic'],
  ['GM1230441', 'Fog lamp assembly RH', 5890, '2019-21 Chevy Silverado'],
  ['CH1002396', 'Front bumper face bar chrome', 24450, '2019-22 Ram 1500'],
  ['NI2503196', 'Headlamp assembly LH', 14875, '2019-21 Nissan Altima'],
  ['TO1240209', 'Fender liner LH', 2980, '2018-20 Toyota Camry'],
  ['FO1036102', 'Bumper reinforcement', 11320, '2015-17 Ford F-150'],
  ['HO2502183', 'Headlamp assembly RH', 15665, '2016-18 Honda Civic'],
  ['GM1200720', 'Grille assembly black', 13890, '2016-18 Chevy Malibu'],
  ['TO1321313C', 'Mirror assy power heated LH', 8615, '2015-19 Toyota Corolla'],
  ['HY1000210', 'Front bumper cover primed', 15210, '2017-20 Hyundai Elantra'],
];
const STORE: [string, string, number, string][] = [
  ['DOR 924-5208', 'Bumper retainer clip', 899, 'Universal'],
  ['KYB 334658', 'Strut assembly front', 9455, '2014-19 Corolla'],
  ['BOS 0242236562', 'Spark plug double iridium', 1049, '2012-18 Focus'],
  ['ACD 41-110', 'Spark plug', 785, 'GM trucks'],
  ['MOT FL-820S', 'Oil filter', 689, 'Ford 3.5/5.0'],
  ['WIX 51515', 'Oil filter', 612, 'Multiple'],
  ['DOR 300-051', 'Headlamp adjuster', 1475, '2007-13 Silverado'],
  ['TRK 19-1401', 'Washer fluid pump', 3260, '2011-16 Elantra'],
  ['NGK 6619', 'Iridium IX plug', 1120, 'Honda 2.4'],
  ['DEN 234-9001', 'Oxygen sensor', 7840, 'Universal'],
  ['DOR 45112', 'Lug nut 1/2-20', 395, 'Universal'],
  ['GAT 35490', 'Radiator hose upper', 2835, '2012-16 CR-V'],
];
const PAINT: [string, string, number, string][] = [
  ['DBC9700/1L', 'Deltron black base 1 L', 8925, 'LT'],
  ['DX330/GL', 'Wax & grease remover gal', 6140, 'GL'],
  ['3M 05887', 'Perfect-It rubbing compound qt', 4395, 'QT'],
  ['3M 06396', 'Masking paper 12 in', 2870, 'RL'],
  ['AX-2K2640/4L', 'Cromax clear 4 L', 21450, 'KT'],
  ['SEM 39863/QT', 'Trim black qt', 3215, 'QT'],
  ['NEX D8185/1QT', 'Primer surfacer grey qt', 5680, 'QT'],
  ['U-POL UP0791', 'Raptor bed liner kit', 10395, 'KT'],
  ['MIRKA 1230-320', 'Abranet disc 6 in P320 (50)', 3840, 'BX'],
  ['NORTON 31641', 'Tack cloth (12)', 1575, 'PK'],
  ['PPG DT870/GL', 'Reducer medium gal', 7220, 'GL'],
  ['EVERCOAT 100108', 'Rage Gold filler gal', 4885, 'GL'],
  ['3M 06655', 'Tape 3/4 in x 60 yd', 845, 'RL'],
];
const GLASS: [string, string, number, string][] = [
  ['FW04210 GTY', 'Windshield solar acoustic w/ sensor', 42560, '2019-22 Toyota RAV4'],
  ['DW01812 GBN', 'Windshield green tint', 18975, '2014-18 Chevy Silverado'],
  ['FD22618 GTN', 'Front door glass LH', 9430, '2016-20 Honda Civic'],
  ['DB11623 GTY', 'Back glass heated', 21840, '2017-21 Honda CR-V'],
  ['FW03986 GTN', 'Windshield w/ camera bracket', 38650, '2018-21 Ford F-150'],
  ['HAH000448', 'Urethane adhesive kit', 2895, 'Universal'],
  ['MLD 21337', 'Windshield moulding', 3460, '2018-20 Camry'],
  ['DT07512 GTY', 'Vent glass RH', 6790, '2015-19 Subaru Outback'],
];
const RECYCLER: [string, string, number, string][] = [
  ['Door shell front LH', 'black, grade A', 22500, '2017 Honda Civic 4dr'],
  ['Headlamp assy RH', 'halogen, clean lens', 13500, '2018 Toyota Camry SE'],
  ['Hood panel', 'silver, small dent', 17500, '2016 Ford Fusion'],
  ['Tail lamp LH', 'LED, quarter mount', 9500, '2019 Chevy Equinox'],
  ['Mirror power LH', 'heated, black cap', 8500, '2015 Nissan Altima'],
  ['Fender front RH', 'white, grade B', 12000, '2017 Hyundai Elantra'],
  ['Radiator support', 'complete', 19500, '2018 Ram 1500'],
  ['Alternator', '150A, tested', 7500, '2014 Ford F-150 5.0'],
  ['Wheel alloy 17 in', '5 spoke, no curb rash', 11000, '2016 Toyota RAV4'],
  ['Bumper cover rear', 'w/ sensor holes', 15000, '2019 Subaru Forester'],
];
const FASTENERS: [string, string, number, string][] = [
  ['AU-14115', 'Push-type retainer GM (25)', 1240, 'BX'],
  ['21-4056/50', 'Body bolt M6 x 20 (50)', 1680, 'BX'],
  ['TRC-1234', 'Trim panel clip Ford (25)', 1395, 'BX'],
  ['16-5110/25', 'Fender liner screw (25)', 1150, 'BX'],
  ['H-500/100', 'Hose clamp #12 (100)', 2890, 'BX'],
  ['SP-4408', 'Speed nut 8 x 18 (50)', 975, 'PK'],
  ['RV-3/16-AL', 'Rivet 3/16 aluminium (100)', 1425, 'BX'],
  ['WT-0650', 'Wire tie 8 in black (100)', 695, 'PK'],
  ['LN-12X1.5', 'Lug nut M12 x 1.5 (10)', 1860, 'PK'],
  ['CLP-OS1I5', 'Moulding clip Toyota (10)', 840, 'PK'],
  ['GR-5/16', 'Rubber grommet 5/16 (25)', 560, 'PK'],
];
const ELECTRICAL: [string, string, number, string][] = [
  ['AL-6620R', 'Alternator reman 160A', 18900, '2015-19 F-150 3.5'],
  ['BCI 48-700', 'Battery group 48 AGM', 18995, 'H6'],
  ['SR-1187N', 'Starter new', 16450, '2012-17 Camry 2.5'],
  ['RAD-13596', 'Radiator 1 row', 15785, '2016-20 Civic'],
  ['AC-CMP 158337', 'A/C compressor reman', 24530, '2014-18 Silverado'],
  ['CND-3919', 'A/C condenser', 11240, '2018-21 Camry'],
  ['FAN-621-4IO', 'Cooling fan assy', 13395, '2013-17 Accord'],
  ['BT-94R 850', 'Battery group 94R', 17475, 'Universal'],
];

const EURO: [string, string, number][] = [
  ['5G0 807 217 GRU', 'Bumper cover front, primed', 39480],
  ['1K0 955 453 S', 'Washer pump', 3165],
  ['5G0 941 005 C', 'Headlight left LED', 88730],
  ['51 11 7 391 481', 'Trim cover bumper front', 27215],
  ['A 205 880 01 40', 'Hood', 104560],
  ['5G0 853 651 B RYP', 'Radiator grille', 21990],
  ['N 911 455 02', 'Torx screw', 135],
  ['8V0 807 550 A', 'Bracket bumper left', 2540],
  ['06L 115 562 B', 'Oil filter element', 1795],
  ['3G0 805 588 S', 'Lock carrier', 33410],
];

/** Paint-mix jobber (extra2 set): refinish codes with and without a dash, sold by the GL, QT or PT. */
const PAINT_MIX: [string, string, number, string][] = [
  ['DBC-9700', 'Deltron jet black basecoat', 8925, 'QT'],
  ['D8171', 'Low VOC clearcoat 2.1', 14560, 'GL'],
  ['DT-885', 'Reducer slow temp', 6120, 'GL'],
  ['DBC-4044', 'Deltron white basecoat', 9840, 'QT'],
  ['D8302', 'Hardener fast', 7215, 'PT'],
  ['DMX-210', 'Mixing toner black', 11390, 'QT'],
  ['D839', 'Primer surfacer grey', 9475, 'GL'],
  ['T-409', 'Fine aluminium toner', 13280, 'QT'],
  ['DX-579', 'Plastic adhesion promoter', 4510, 'QT'],
  ['D8226', 'Activator medium', 6680, 'PT'],
  ['SX-1071', 'Multi-prep cleaner', 5240, 'GL'],
  ['M-5612', 'Mixing cups 32 oz (50)', 2150, 'BX'],
];
/** Tire and wheel supplier (extra2 set): item codes, sizes with slashes inside the description. */
const TIRE: [string, string, number, string][] = [
  ['MIC 03364', '225/45R17 94V Pilot Sport A/S 4', 21450, 'EA'],
  ['GY 781036', 'LT265/70R17 Wrangler DuraTrac', 25890, 'EA'],
  ['BS 002311', '215/55R17 94V Turanza QuietTrack', 17980, 'EA'],
  ['CT 15571800', '235/65R18 106T CrossContact LX25', 19345, 'EA'],
  ['TPMS-20036', 'TPMS sensor 315 MHz', 4250, 'EA'],
  ['WHL 560-8145', 'Alloy wheel 17x7.5 5x114.3 silver', 28900, 'EA'],
  ['LUG 611-288', 'Lug nut M14x1.5 chrome (4)', 1290, 'PK'],
  ['VS-425', 'Valve stem TR413 (10)', 650, 'PK'],
  ['HK 1013343', '205/55R16 91H Kinergy PT', 11275, 'EA'],
  ['YK 110100806', '245/60R18 105H Geolandar CV', 18640, 'EA'],
];
/** Salvage yard (extra2 set): the part sold, its condition, a Hollander-style interchange number. */
const SALVAGE: [string, string, number, string][] = [
  ['Door assy front RH', '2018 Honda Accord', 24500, '123'],
  ['Headlamp assy LH', '2017 Toyota Corolla', 12500, '615'],
  ['Quarter panel cut RH', '2016 Nissan Rogue', 32500, '360'],
  ['Deck lid', '2019 Hyundai Sonata', 18500, '146'],
  ['Side view mirror RH', '2018 Ford Escape', 7500, '600'],
  ['Front bumper assy', '2017 Chevy Malibu', 27500, '110'],
  ['Condenser', '2016 Honda CR-V', 8500, '682'],
  ['Airbag front pass', '2019 Ram 1500', 19500, '588'],
  ['Tail lamp RH', '2018 Kia Optima', 9000, '625'],
  ['Knuckle front LH', '2017 Subaru Outback', 11000, '512'],
];

/** Import dealer printing VAG/BMW numbers with dots (extra3 set): `1K0.615.301.AA`, `51.11.7.391.481`. */
const DOTTED: [string, string, number][] = [
  ['1K0.615.301.AA', 'Brake disc front vented 312 mm', 8940],
  ['5G0.807.217.GRU', 'Bumper cover front, primed', 39480],
  ['3C8.941.005.D', 'Headlamp housing left halogen', 41275],
  ['51.11.7.391.481', 'Trim cover bumper front', 27215],
  ['8V0.853.651.A.RYP', 'Radiator grille with emblem mount', 21990],
  ['N.907.512.03', 'Expanding rivet', 185],
  ['5Q0.121.251.GB', 'Coolant radiator', 31460],
  ['06L.115.562.B', 'Oil filter element', 1795],
  ['63.11.7.214.925', 'Fog lamp right', 14380],
  ['5NA.857.508.Q.9B9', 'Mirror glass right heated', 6925],
  ['4K0.805.594.C', 'Lock carrier bracket lower', 17250],
  ['WHT.005.201', 'Clip trim panel', 95],
];
/** Collision supplier whose stock numbers keep their leading zeros (extra3 set): `00123-45678`, `0045.221`. */
const LEADZERO: [string, string, number, string][] = [
  ['00125-88310', 'Bumper reinforcement front steel', 18650, 'EA'],
  ['0045.221', 'Push-type retainer, black (25)', 1490, 'BX'],
  ['007-1234', 'Seam sealer cartridge grey 310 ml', 1675, 'EA'],
  ['00391-20004', 'Fender liner front left plastic', 6420, 'EA'],
  ['0008-5512', 'Body side molding clip', 240, 'EA'],
  ['01440-6620', 'Headlamp mounting bracket repair kit', 3380, 'KT'],
  ['00077-31109', 'Radiator support upper tie bar', 13945, 'EA'],
  ['0062.90', 'Weld-through primer aerosol 12 oz', 1985, 'EA'],
  ['000-4415', 'Masking tape 3/4 in x 60 yd', 575, 'RL'],
  ['00218-7702', 'Door shell rear right', 44560, 'EA'],
  ['0093-001', 'Hood hinge pair, both sides', 8290, 'PR'],
  ['00516-4410', 'Tail lamp lens left outer', 9735, 'EA'],
];

/**
 * Paint jobber selling mixed colour by formula (extra4 set): product code, description, list, size (QT/GAL/PT) and the
 * mixing formula printed in its own column ('' for ready-made products).
 */
const PAINT_SIZE: [string, string, number, string, string][] = [
  ['MX-0218', 'Mixed basecoat Toyota Attitude Black', 14250, 'QT', 'TOY 218'],
  ['MX-UX', 'Mixed basecoat Ford Ingot Silver', 13680, 'QT', 'FRD UX'],
  ['MX-GAZ', 'Mixed basecoat GM Summit White', 12940, 'QT', 'GM GAZ'],
  ['MX-NH883P', 'Mixed basecoat Honda Platinum White', 16820, 'QT', 'HON NH883P'],
  ['MX-PW7', 'Mixed basecoat Ram Bright White', 11875, 'PT', 'CHR PW7'],
  ['CC-8000', 'Clearcoat production 2.1 VOC', 18950, 'GAL', ''],
  ['HD-8010', 'Hardener medium', 9240, 'QT', ''],
  ['RD-1210', 'Reducer mid temp', 6480, 'GAL', ''],
  ['PR-2020', 'Urethane primer grey', 10350, 'GAL', ''],
  ['SL-4401', 'Sealer black 2K', 8790, 'QT', ''],
  ['AP-0031', 'Adhesion promoter', 4120, 'QT', ''],
  ['WB-7077', 'Waterborne reducer', 5560, 'GAL', ''],
];
/** Hyundai / Kia dealer counter (extra4 set): five digits, a dash, a letter and four digits (`86511-L1000`). */
const HYUNDAI: [string, string, number][] = [
  ['86511-L1000', 'COVER-FR BUMPER', 41230],
  ['86353-L1000', 'GRILLE-RADIATOR', 28760],
  ['92101-L1110', 'LAMP ASSY-HEAD LH', 63450],
  ['66311-L1000', 'PANEL-FENDER LH', 23890],
  ['86530-L1000', 'BEAM ASSY-FR BUMPER', 19870],
  ['86591-L1000', 'GARNISH-FR BUMPER', 4560],
  ['66400-L1000', 'PANEL ASSY-HOOD', 57320],
  ['86520-L1500', 'ABSORBER-FR BUMPER ENERGY', 7340],
  ['87610-L1020', 'MIRROR ASSY-OUTSIDE RR VIEW LH', 29980],
  ['86594-L0000', 'BRACKET-FR BUMPER SIDE LH', 1280],
  ['1249205167', 'SCREW-TAPPING', 145],
  ['86519-L1000', 'COVER-TOWING HOOK', 1930],
];
/** Glass distributor (extra4 set): NAGS numbers printed without a space (`FW04321GTYN`), kits and mouldings. */
const NAGS_PLAIN: [string, string, number][] = [
  ['FW04321GTYN', 'Windshield acoustic w/ rain sensor', 45680],
  ['FW05012GBYN', 'Windshield solar w/ HUD', 61240],
  ['DW02011GTN', 'Windshield green tint', 17860],
  ['FD23456GTY', 'Door glass front LH', 9875],
  ['DB12044YPYH', 'Back glass heated privacy', 23410],
  ['FW03877GTYN', 'Windshield w/ camera bracket', 39920],
  ['HAH000448', 'Urethane kit 1-step', 2895],
  ['MLD21337', 'Moulding windshield top', 3460],
  ['CLP-4412', 'Moulding clip (10)', 1150],
  ['DQ08812GTY', 'Quarter glass rear RH', 11645],
];
/** Recycler (extra4 set): the part, the vehicle it came from, a Hollander interchange number and a grade. */
const YARD: [string, string, number, string][] = [
  ['Door front LH complete', '2019 Toyota Camry', 26500, '120-01562'],
  ['Headlamp RH LED', '2020 Honda Civic', 21500, '615-04418'],
  ['Hood', '2018 Ford F-150', 32500, '310-03340'],
  ['Bumper cover front', '2017 Nissan Rogue', 16500, '110-02271'],
  ['Mirror LH power heated', '2019 Chevy Equinox', 9500, '600-08815'],
  ['Tail lamp LH', '2016 Kia Sorento', 7500, '625-03397'],
  ['Radiator', '2018 Hyundai Tucson', 11000, '680-01124'],
  ['Fender RH', '2017 Subaru Forester', 14000, '125-00618'],
  ['Trunk lid', '2019 Honda Accord', 23500, '146-02230'],
  ['Knuckle front RH', '2020 Ford Escape', 12500, '512-04471'],
];
/** Aftermarket counter (extra4 set): a brand line code printed in its own column before the maker's number. */
const LINE_CODE: [string, string, string, number][] = [
  ['DOR', '924-5208', 'Bumper retainer clip', 899],
  ['ACD', '41-110', 'Spark plug', 785],
  ['MOT', 'FL-820S', 'Oil filter', 689],
  ['WIX', '57045', 'Oil filter', 715],
  ['GAT', '22454', 'Radiator hose upper', 2835],
  ['FEL', 'MS95826', 'Exhaust manifold gasket set', 4190],
  ['MON', '72388', 'Strut assembly front', 11260],
  ['BWD', 'S7231', 'Ignition switch', 3575],
  ['DEN', '234-4209', 'Oxygen sensor downstream', 7840],
  ['TRK', '23-7720', 'Tie rod end outer', 3140],
  ['SYL', 'H11LL.BX', 'Headlight bulb long life', 2495],
  ['ANC', '3217', 'Wiper blade 22 in', 1065],
  ['STD', 'US-1024', 'Ignition switch', 3890],
  ['BOS', '0986435505', 'Fuel pump module', 16480],
];

/**
 * BMW / MINI dealer (extra5 set): eleven digits printed in BMW's spaced groups (`51 11 8 069 020`), some starting with
 * a zero (`07 14 7 150 139`), so a part number is five runs of digits that look like quantities and prices.
 */
const BMW: [string, string, number][] = [
  ['51 11 8 069 020', 'TRIM COVER, BUMPER, PRIMED, FRONT', 58430],
  ['51 11 7 385 345', 'GRILLE, SIDE, LEFT', 12850],
  ['63 11 7 214 943', 'HEADLIGHT, LED, LEFT', 148900],
  ['41 00 7 438 437', 'SIDE PANEL, FRONT LEFT', 41275],
  ['51 71 7 290 710', 'COVER, WHEEL HOUSING, FRONT LEFT', 6890],
  ['51 13 7 294 818', 'KIDNEY GRILLE, RIGHT', 15640],
  ['07 14 7 150 139', 'EXPANDING RIVET', 185],
  ['41 61 7 452 001', 'ENGINE HOOD', 96520],
  ['51 16 7 348 451', 'OUTSIDE MIRROR, HEATED, LEFT', 61230],
  ['51 11 7 387 897', 'IMPACT STRIP, BUMPER, FRONT', 9870],
  ['07 13 2 789 571', 'BODY NUT', 240],
  ['51 12 7 459 001', 'CARRIER, BUMPER, REAR', 21455],
];
/**
 * GM dealer selling GM and ACDelco numbers (extra5 set): eight-digit GM numbers beside ACDelco's own (`41-993`,
 * `PF64`, `15-22184`); the uom is printed in its own column.
 */
const ACDELCO: [string, string, number, string][] = [
  ['84951123', 'FASCIA, FRT BPR UPR', 52340, 'EA'],
  ['23274578', 'GRILLE, RAD', 44820, 'EA'],
  ['84537012', 'BRACKET, FRT BPR FASCIA SI', 1895, 'EA'],
  ['15-22184', 'CONDENSER, A/C', 26320, 'EA'],
  ['41-993', 'PLUG, SPARK IRIDIUM', 1095, 'EA'],
  ['PF64', 'FILTER, OIL', 765, 'EA'],
  ['84813446', 'LAMP ASM, HDLP', 71260, 'EA'],
  ['11609894', 'NUT, HEX FLANGE', 210, 'EA'],
  ['15-21747', 'COMPRESSOR, A/C', 58790, 'EA'],
  ['21033212', 'RADIATOR ASM', 38450, 'EA'],
  ['10-5046', 'COOLANT, DEX-COOL 1 GAL', 2895, 'GAL'],
  ['84201566', 'SENSOR, PARK ASST', 9340, 'EA'],
];
/** Body-shop supplies web store (extra5 set): SKUs with a three-letter maker prefix (`MMM-06355` for 3M). */
const SUPPLIES: [string, string, number, string][] = [
  ['MMM-06355', '3M Hookit Clean Sanding Disc 6in P320 (50)', 6890, 'BX'],
  ['MMM-05887', '3M Perfect-It Rubbing Compound 1 qt', 4395, 'QT'],
  ['NOR-07711', 'Norton SpeedGrip Disc 6in P180 (50)', 5230, 'BX'],
  ['SEM-39143', 'SEM Self Etching Primer Aerosol', 1875, 'EA'],
  ['UPL-0726', 'U-POL Raptor Liner Kit Black', 11995, 'KT'],
  ['EVR-100712', 'Evercoat Rage Gold Filler 1 gal', 6245, 'GL'],
  ['MMM-08115', '3M Panel Bond Adhesive 200 ml', 4880, 'EA'],
  ['DVB-87710', 'DeVilbiss DeKups 600 ml (50)', 8950, 'BX'],
  ['MMM-06654', '3M Masking Tape 3/4in x 60yd', 690, 'RL'],
  ['FBS-MF1616', 'Microfiber Towels 16x16 (12)', 1450, 'PK'],
  ['TRS-76133', 'Transtar Plastic Repair Kit', 4375, 'KT'],
  ['MIR-AE-6P400', 'Mirka Abralon 6in P400 (20)', 3660, 'PK'],
];
/** Mazda dealer (extra5 set): four letters or digits, two digits, three or four (`TK48-50-031B`, `9CF6-10-516`). */
const MAZDA: [string, string, number][] = [
  ['TK48-50-031B', 'FASCIA, FRONT BUMPER', 46530],
  ['KD53-51-040A', 'HEADLAMP UNIT, LEFT', 58810],
  ['BCKA-52-211', 'FENDER, LEFT FRONT', 24590],
  ['TK48-50-712', 'GRILLE, RADIATOR', 31670],
  ['B45A-50-EA1', 'CLIP', 160],
  ['GHP9-56-140', 'SHIELD, SPLASH', 5245],
  ['BDGF-50-0J1', 'ABSORBER, BUMPER', 7380],
  ['TK78-52-31XA', 'HOOD', 68940],
  ['KD45-69-180K', 'MIRROR, LEFT DOOR', 33870],
  ['9CF6-10-516', 'SCREW, TAPPING', 190],
  ['D651-51-0R0', 'BRACKET, BUMPER', 2130],
];
/** Subaru dealer (extra5 set): five digits and two letters run together with the rest (`57704FL010`, `909130122`). */
const SUBARU: [string, string, number][] = [
  ['57704FL010', 'FACE COMPLETE FRONT BUMPER', 45870],
  ['84001FL110', 'HEADLAMP ASSY LH', 61240],
  ['57120FL0109P', 'FENDER COMPLETE LH', 28910],
  ['91121FL080', 'GRILLE COMPLETE FRONT', 26430],
  ['57707FL010', 'BEAM COMPLETE FRONT BUMPER', 19870],
  ['909130122', 'CLIP', 145],
  ['57229FL000', 'HOOD COMPLETE', 61230],
  ['59110FL020', 'MUD GUARD FRONT LH', 4910],
  ['91031FL100', 'MIRROR ASSY OUTER LH', 35640],
  ['57705FL000', 'ABSORBER BUMPER FRONT', 6130],
  ['57731FL130', 'COVER BUMPER FRONT LOWER', 7845],
  ['904010129', 'SCREW', 210],
];
/**
 * Welding-gas and welding-supply distributor (extra5 set): gas by cylinder size (`ARC25 300`), wire, tips and gloves;
 * the uom CYL marks a gas line (the layout prints the empties returned beside it).
 */
const WELD_GAS: [string, string, number, string][] = [
  ['AR 300', 'Argon, Size 300 Cylinder', 7450, 'CYL'],
  ['ARC25 300', 'Argon/CO2 75/25 Mix, Size 300', 8920, 'CYL'],
  ['CD 50', 'Carbon Dioxide, 50 lb Cylinder', 4380, 'CYL'],
  ['NI 300', 'Nitrogen, Size 300 Cylinder', 6125, 'CYL'],
  ['OX 300', 'Oxygen Industrial, Size 300', 5470, 'CYL'],
  ['AC 100', 'Acetylene, Size 100 Cylinder', 6840, 'CYL'],
  ['ED030586', 'Lincoln SuperArc L-56 .030 11 lb Spool', 5990, 'EA'],
  ['RAD64056950', 'Radnor MIG Welding Gloves Large', 1695, 'PR'],
  ['1140-1105', 'Tweco Contact Tip .030 (25)', 2390, 'PK'],
  ['HYP220819', 'Hypertherm Plasma Electrode (5)', 5890, 'PK'],
  ['MIL 271329', 'Miller Auto-Darkening Lens 2 x 4', 8475, 'EA'],
];

/**
 * Lexus / Toyota dealer (extra6 set): five digits, a dash, five letters or digits (`52119-78935`), with the letters
 * Z, Y, S, O and A among the digits of filters and kits (`90915-YZZD4`, `04152-YZZA6`, `53101-0E230`) — printed as they
 * are, never "corrected" to digits.
 */
const LEXUS: [string, string, number][] = [
  ['52119-78935', 'COVER, FRONT BUMPER', 61250],
  ['90915-YZZD4', 'FILTER, OIL', 895],
  ['81145-78040', 'UNIT ASSY, HEADLAMP, RH', 118900],
  ['53101-0E230', 'GRILLE SUB-ASSY, RADIATOR', 42380],
  ['52536-78010', 'RETAINER, FR BUMPER SIDE, LH', 1895],
  ['90467-07211', 'CLIP', 110],
  ['75311-48040', 'EMBLEM, RADIATOR GRILLE', 6895],
  ['53301-48130', 'HOOD SUB-ASSY', 88540],
  ['04152-YZZA6', 'ELEMENT KIT, OIL FILTER', 1250],
  ['52611-78010', 'ABSORBER, FR BUMPER ENERGY', 7420],
  ['87945-78040', 'COVER, OUTER MIRROR, LH', 9650],
  ['90119-A0379', 'BOLT, W/WASHER', 245],
];
/**
 * Import parts wholesaler, Asian and European (extra6 set): OE numbers of several makers as each prints them — VAG in
 * spaced groups (`1K0 615 301 AA`), Toyota with letters (`90915-YZZD4`), Mercedes (`A 177 885 12 00`), Hyundai and
 * Nissan with S/5 and O/0 side by side (`86350-2S000`, `62256-5SA0A`) — and the brand sold in its own column.
 */
const IMPORT: [string, string, number, string][] = [
  ['1K0 615 301 AA', 'Brake disc, front, vented', 6890, 'OE VAG'],
  ['90915-YZZD4', 'Oil filter', 795, 'OE TOYOTA'],
  ['5G0 807 221 GRU', 'Bumper cover, rear, primed', 38740, 'OE VAG'],
  ['A 177 885 12 00', 'Grille, front bumper, lower', 14560, 'OE MB'],
  ['8W0 941 034 E', 'Headlamp, LED, right', 134500, 'HELLA'],
  ['17801-0S010', 'Air filter element', 2480, 'OE TOYOTA'],
  ['76200-TBA-A11', 'Mirror assy, door, RH', 24860, 'OE HONDA'],
  ['86350-2S000', 'Grille, radiator', 21980, 'OE HYUNDAI'],
  ['N 101 962 01', 'Clip, bumper', 95, 'OE VAG'],
  ['04E 115 561 H', 'Oil filter', 1395, 'MANN'],
  ['62256-5SA0A', 'Bracket, bumper, upper', 3410, 'OE NISSAN'],
  ['5Q0 959 655 AS', 'Airbag control unit', 52890, 'OE VAG'],
];
/**
 * Paint-and-body jobber's mixing bank (extra6 set): toners and clears sold by the quart, pint or gallon, the price
 * printed per container (`78.90/QT`); long descriptions that wrap in a narrow column.
 */
const TONER: [string, string, number, string][] = [
  ['DMD1683', 'Deltron mixing toner, fine white aluminium', 7890, 'QT'],
  ['DMD1600', 'Deltron mixing toner, jet black', 6240, 'QT'],
  ['DMD1676', 'Deltron mixing toner, white', 5815, 'QT'],
  ['DMD1620', 'Deltron mixing toner, red oxide', 4380, 'PT'],
  ['DMD1611', 'Deltron mixing toner, transparent yellow', 4560, 'PT'],
  ['DMD1643', 'Deltron mixing toner, blue green', 5270, 'PT'],
  ['T490', 'Envirobase high performance toner, fine silver', 9130, 'QT'],
  ['T407', 'Envirobase high performance toner, black', 6750, 'QT'],
  ['D8115', 'Deltron universal clearcoat, low VOC', 15480, 'GL'],
  ['D8274', 'Hardener, medium temperature', 6890, 'QT'],
  ['DT870', 'Reducer, medium temperature 70-85F', 7220, 'GL'],
  ['SX1005', 'Acryli-Clean wax and grease remover', 5890, 'GL'],
];
/** Salvage yard counter ticket (extra6 set): the part and the donor car it was pulled from (stock number and VIN made per row). */
const DONOR: [string, string, number][] = [
  ['DOOR ASSY FRONT LH', '2019 HONDA CIVIC', 26500],
  ['HEADLAMP ASSY RH', '2018 TOYOTA CAMRY', 14500],
  ['FENDER RH', '2017 FORD FUSION', 11000],
  ['TAILGATE', '2016 CHEVY SILVERADO', 42500],
  ['MIRROR RH POWER HTD', '2020 NISSAN ALTIMA', 8500],
  ['RADIATOR SUPPORT', '2018 HYUNDAI ELANTRA', 17500],
  ['BUMPER ASSY REAR', '2019 KIA SORENTO', 24000],
  ['SEAT BELT FRONT LH', '2017 JEEP CHEROKEE', 6500],
  ['HOOD', '2016 SUBARU FORESTER', 21000],
  ['WHEEL 17X7 ALLOY', '2018 MAZDA CX-5', 9500],
];
/** VIN letters (no I, O or Q, as every VIN). */
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/**
 * Aftermarket collision distributor of CAPA-certified parts (extra6 set): Partslink numbers with a trailing C
 * (`TO1000414C`, `HO1200232C`) — letters O and I beside digits 0 and 1.
 */
const CAPA: [string, string, number, string][] = [
  ['TO1000414C', 'Bumper cover front, primed', 21490, '2018-20 CAMRY'],
  ['HO1200232C', 'Grille assy, black', 13870, '2019-21 CIVIC'],
  ['NI1240251C', 'Fender front LH', 11940, '2019-22 ALTIMA'],
  ['FO1230318C', 'Hood panel, steel', 32450, '2017-20 FUSION'],
  ['GM1041101C', 'Bumper reinforcement front', 16580, '2016-18 MALIBU'],
  ['TO2503198C', 'Headlamp assy RH, halogen', 18790, '2018-20 CAMRY'],
  ['HY1070106C', 'Energy absorber front', 5620, '2017-20 ELANTRA'],
  ['KI1321118C', 'Mirror LH, power, heated', 9460, '2016-18 SORENTO'],
  ['SU1000I91C', 'Bumper cover front w/ fog holes', 23680, '2019-21 FORESTER'],
  ['NI1039105C', 'Bumper clip kit', 1290, 'UNIVERSAL'],
];
/** Glass distributor with kits (extra6 set): NAGS glass numbers with a space (`FW05187 GBYH`), urethane kits and mouldings. */
const NAGS_KIT: [string, string, number, string][] = [
  ['FW05187 GBYH', 'Windshield solar, heated wiper park, HUD', 58940, '2020-23 Toyota Highlander'],
  ['DW02155 GTNN', 'Windshield green tint w/ rain sensor', 24810, '2019-22 Chevy Equinox'],
  ['FD25113 GTYN', 'Front door glass RH, laminated', 16320, '2021-23 Ford F-150'],
  ['DB12210 YPYH', 'Back glass heated, privacy', 27650, '2018-22 Honda Accord'],
  ['FW04690 GTYN', 'Windshield acoustic w/ lane camera bracket', 44370, '2019-23 Nissan Rogue'],
  ['HAH000600', 'Urethane kit, 1-hour drive-away', 3295, 'Universal'],
  ['MLD FW05187', 'Moulding, windshield reveal', 4480, '2020-23 Toyota Highlander'],
  ['KIT 41-0551', 'Clip and dam kit', 1175, 'Universal'],
  ['FQ07718 GTY', 'Quarter glass LH, encapsulated', 13460, '2017-21 Honda CR-V'],
];

/**
 * Acura / Honda dealer wholesale counter (extra7 check set): Honda-style numbers with letters between dashes and a
 * colour suffix (`76205-TJB-A21ZA`); some parts print the number they supersede (the 4th field), on a line of its own.
 */
const ACURA: [string, string, number, string][] = [
  ['04711-TYA-A00ZZ', 'FACE SET, FR. BUMPER', 48650, ''],
  ['71101-TX6-A00', 'FACE, FR. BUMPER', 39120, '71101-TX6-A90'],
  ['33100-TZ5-A11', 'HEADLIGHT UNIT, R.', 108450, '33100-TZ5-A01'],
  ['71121-TJB-A01', 'GRILLE, FR. (UPPER)', 27890, ''],
  ['60100-TJB-A90ZZ', 'HOOD', 61240, ''],
  ['74207-TX6-A01', 'SEAL, L. FR. FENDER', 1645, ''],
  ['91512-TX4-003', 'CLIP, BUMPER', 265, '91512-SX0-003'],
  ['71190-TJB-A01', 'BEAM, FR. BUMPER', 22470, ''],
  ['36161-TJB-A14', 'CAMERA ASSY., FR. (MONOCULAR)', 84230, '36161-TJB-A04'],
  ['75700-TJB-A01', 'EMBLEM (A MARK)', 7380, ''],
  ['90113-TX4-003', 'BOLT, FLANGE (6X16)', 190, ''],
  ['76205-TJB-A21ZA', 'MIRROR ASSY., R. DOOR (MAJESTIC WHITE)', 41860, ''],
];
/**
 * Bumper-cover remanufacturer (extra7 check set): its own SKUs (`RB-TOY-CAM18F`) and long descriptions naming the
 * car, the finish and what was repaired, printed under the SKU in one "Item & Description" cell.
 */
const REMAN: [string, string, number][] = [
  ['RB-TOY-CAM18F', 'Reman front bumper cover 2018-20 Toyota Camry SE/XSE, primed, sensor holes', 24500],
  ['RB-HON-CIV16R', 'Reman rear bumper cover 2016-18 Honda Civic sedan, primed', 19800],
  ['RB-FOR-F1518F', 'Reman front bumper cover 2015-17 Ford F-150, textured black', 16900],
  ['RB-CHE-EQU18F', 'Reman front bumper cover 2018-21 Chevrolet Equinox, primed, park assist holes', 23200],
  ['RB-NIS-ROG17R', 'Reman rear bumper cover 2017-20 Nissan Rogue, primed', 21400],
  ['RB-HYU-ELA19F', 'Reman front bumper cover 2019-20 Hyundai Elantra, primed', 18700],
  ['RB-JEE-CHE19F', 'Reman front fascia 2019-22 Jeep Cherokee, primed, washer holes', 27600],
  ['RB-SUB-OUT20R', 'Reman rear bumper cover 2020-22 Subaru Outback, primed', 22900],
  ['TAB-REPAIR', 'Plastic welded tab repair, per tab', 2500],
  ['RB-TOY-RAV19R', 'Reman rear bumper cover 2019-21 Toyota RAV4, primed, sensor holes', 25800],
];
/**
 * Paint manufacturer's direct invoice (extra7 check set): ten-digit ERP material numbers (`1100045873`), the size in
 * the description, sold by the CAN, GAL or QT.
 */
const PAINT_DIRECT: [string, string, number, string][] = [
  ['1100045873', 'PRO BASECOAT MIXING CLEAR WB1050 1 LT', 6920, 'CAN'],
  ['1100045911', 'PRO BASECOAT JET BLACK WB2030 1 LT', 9840, 'CAN'],
  ['1100046208', 'PRO BASECOAT BRIGHT WHITE WB2010 1 LT', 8760, 'CAN'],
  ['1100047325', 'PRO BASECOAT FINE ALUMINIUM WB1162 1 LT', 11280, 'CAN'],
  ['1100050164', 'VELOCITY PREMIUM CLEAR CC6600 1 GAL', 18450, 'GAL'],
  ['1100050172', 'ACTIVATOR CC6605 1 QT', 7390, 'QT'],
  ['1100051886', 'VALUE SHIELD SEALER GREY 2K 1 GAL', 13960, 'GAL'],
  ['1100052019', 'ULTRA PRODUCTIVE PRIMER SURFACER 1 GAL', 16540, 'GAL'],
  ['1100053347', 'REDUCER MEDIUM 3365S 1 GAL', 8830, 'GAL'],
  ['1100054416', 'ADHESION PROMOTER FOR PLASTICS 1 QT', 5270, 'QT'],
  ['1100055738', 'BASECOAT CONDITIONER WB3000 1 LT', 4410, 'CAN'],
  ['1100056002', 'SPOT BLENDER 1 QT', 3960, 'QT'],
];
/** Mobile ADAS calibration sublet (extra7 check set): its operation codes, each one billed line. */
const ADAS: [string, string, number][] = [
  ['ADAS-PRE', 'Pre-repair diagnostic scan', 6500],
  ['ADAS-POST', 'Post-repair diagnostic scan', 6500],
  ['CAL-FCS', 'Forward camera static calibration', 29500],
  ['CAL-FCD', 'Forward camera dynamic calibration (road test)', 19500],
  ['CAL-RAD-F', 'Front radar (ACC) static calibration', 32500],
  ['CAL-BSM', 'Blind spot radar calibration, pair', 27500],
  ['CAL-SVC', 'Surround view camera calibration', 34500],
  ['CAL-RCAM', 'Rear camera aiming check', 9500],
  ['CAL-SAS', 'Steering angle sensor reset', 5500],
  ['TGT-SETUP', 'Target setup and floor leveling', 7500],
  ['HL-AIM', 'Headlamp aiming, adaptive', 8500],
];
/**
 * Clip and fastener supplier (extra7 check set): five-digit item numbers sold in packs (`25/BX`), the price per pack;
 * the 4th field is the pack as printed and the 5th the warehouse bin.
 */
const CLIPS: [string, string, number, string, string][] = [
  ['18352', 'PUSH RETAINER - HONDA/ACURA BUMPER', 1195, '25/BX', 'A-04-2'],
  ['21748', 'PUSH-TYPE RETAINER - GM ROCKER MLDG', 1460, '25/BX', 'A-07-1'],
  ['17311', 'SCREW GROMMET - TOYOTA FENDER LINER', 985, '50/BX', 'B-12-3'],
  ['19067', 'BUMPER COVER RETAINER - FORD', 1320, '15/BX', 'A-11-4'],
  ['12560', 'TRIM PANEL CLIP - CHRYSLER/JEEP', 1075, '25/BX', 'C-02-1'],
  ['24411', 'SPLASH SHIELD RETAINER - NISSAN', 1240, '25/BX', 'B-05-2'],
  ['10844', 'U-NUT M6 X 1.0 - UNIVERSAL', 890, '50/BX', 'D-01-3'],
  ['15932', 'HEX FLANGE BOLT M6-1.0 X 16MM', 1130, '25/BX', 'D-03-1'],
  ['22875', 'LICENSE PLATE FASTENER KIT BLACK', 1495, '10/PK', 'E-01-4'],
  ['13390', 'DOOR PANEL CLIP - VW/AUDI', 1615, '15/BX', 'C-08-2'],
  ['20194', 'RADIATOR SUPPORT RETAINER - HYUNDAI/KIA', 1285, '10/BX', 'A-09-3'],
  ['16623', 'WHEEL FLARE CLIP - RAM 1500', 1890, '10/BX', 'C-14-1'],
];
/** Tow and storage bill as a sublet (extra7 check set): the tow company's charge codes; miles and days are the quantities. */
const TOW: [string, string, number][] = [
  ['HU-LD', 'Hook-up / base tow, light duty', 12500],
  ['MI-LD', 'Loaded mileage, per mile', 450],
  ['ST-OUT', 'Outside storage, per day', 1950],
  ['ST-IN', 'Inside storage, per day', 1975],
  ['WN-30', 'Winching / recovery, per 1/2 hr', 9500],
  ['DL', 'Dollies / go-jacks', 5500],
  ['FB', 'Flatbed surcharge', 3500],
  ['CLN', 'Debris clean-up and absorbent', 4500],
  ['AH-GATE', 'After-hours gate fee', 7500],
  ['LK', 'Lockout / unlock vehicle', 6500],
];

/** Toyota dealer's wholesale parts department (extra8 set): Camry collision parts, letters inside some numbers (`81150-06D40`). */
const TOYOTA_WHS: [string, string, number][] = [
  ['52119-06987', 'COVER, FRONT BUMPER', 58840],
  ['53111-06550', 'GRILLE, RADIATOR', 31260],
  ['81150-06D40', 'UNIT ASSY, HEADLAMP, LH', 96420],
  ['52021-06090', 'REINFORCEMENT SUB-ASSY, FR BUMPER', 28950],
  ['53811-06A30', 'PANEL, FRONT FENDER, RH', 27430],
  ['52611-06220', 'ABSORBER, FR BUMPER ENERGY', 6985],
  ['16400-F0330', 'RADIATOR ASSY', 52870],
  ['90467-12107', 'CLIP, BUMPER COVER', 185],
  ['75431-06010', 'NAMEPLATE, TOYOTA', 4320],
  ['53381-06100', 'SEAL, HOOD TO RADIATOR SUPPORT', 2875],
  ['52575-06060', 'SEAL, FR BUMPER SIDE, RH', 1490],
  ['87910-06G30', 'MIRROR ASSY, OUTER RR VIEW, RH', 41550],
];
/**
 * Chrysler/Jeep/Ram dealer's wholesale counter (extra8 set): Mopar numbers with their two-letter suffix, and the
 * brand's line code in its own column (MOP Mopar, OMX Omix-ADA, RUG Rugged Ridge — whose numbers carry a dot).
 */
const MOPAR_WS: [string, string, number, string][] = [
  ['68402070AB', 'FASCIA, FRONT', 64860, 'MOP'],
  ['68259093AA', 'GRILLE, RADIATOR', 38920, 'MOP'],
  ['5XV01TZZAA', 'FASCIA, REAR BUMPER', 52740, 'MOP'],
  ['68492837AD', 'HEADLAMP, LEFT', 112860, 'MOP'],
  ['6104216AA', 'SCREW, HEX FLANGE HEAD', 245, 'MOP'],
  ['68310726AA', 'BRACKET, FASCIA SUPPORT', 2890, 'MOP'],
  ['04877448AB', 'FILTER, ENGINE OIL', 845, 'MOP'],
  ['68225079AA', 'SENSOR, PARK ASSIST', 9875, 'MOP'],
  ['68375466AC', 'HOOD', 78450, 'MOP'],
  ['12035.15', 'FENDER FLARE, FRONT LH', 8450, 'OMX'],
  ['11231.01', 'GRILLE INSERT, BLACK', 13995, 'RUG'],
  ['68083370AA', 'LAMP, SIDE MARKER', 3465, 'MOP'],
];
/** Kia dealer (extra8 set): K5 collision parts, Kia's hyphenated descriptions (`COVER-FRONT BUMPER`), a 10-digit bolt. */
const KIA: [string, string, number][] = [
  ['86511-L3000', 'COVER-FRONT BUMPER', 48760],
  ['86350-L3010', 'GRILLE ASSY-RADIATOR', 36540],
  ['92101-L3120', 'LAMP ASSY-HEAD,LH', 98210],
  ['86530-L3000', 'BEAM ASSY-FRONT BUMPER', 27860],
  ['86520-L3000', 'ABSORBER-FRONT BUMPER ENERGY', 6950],
  ['66311-L3000', 'PANEL ASSY-FENDER,LH', 31480],
  ['86591-L3000', 'CAP-FRONT BUMPER TOW HOOK', 1285],
  ['87616-L3010', 'SCALP-OUTSIDE MIRROR,RH', 8690],
  ['86590-L3AA0', 'GARNISH-FRONT BUMPER', 4420],
  ['1249206163', 'BOLT', 190],
  ['86655-L3000', 'BRACKET-REAR BUMPER SIDE,RH', 2175],
  ['95895-L3000', 'UNIT ASSY-FRONT VIEW CAMERA', 62450],
];
/** Automotive paint store (extra8 set): store SKUs, colour mixed to code by the quart, pint or gallon, and sundries. */
const PAINT_STORE: [string, string, number, string][] = [
  ['MIX-BC-QT', 'Basecoat mixed to code, quart', 9260, 'QT'],
  ['MIX-BC-PT', 'Basecoat mixed to code, pint', 5475, 'PT'],
  ['MIX-BC-GL', 'Basecoat mixed to code, gallon', 31980, 'GL'],
  ['ATM-C0010', 'Ultra clearcoat, high solids', 14590, 'GL'],
  ['ATM-H0110', 'Hardener, medium', 7645, 'QT'],
  ['ATM-R7K-MED', 'Reducer, medium', 4890, 'GL'],
  ['EP-PRM-GRY', 'Epoxy primer, gray', 11240, 'GL'],
  ['SEAL-2K-WHT', '2K sealer, white', 8930, 'QT'],
  ['SPR-ETCH-12', 'Self-etch primer aerosol, 12 oz', 1495, 'EA'],
  ['CUP-650-50', 'Mixing cups 650 ml, 50 pk', 2890, 'PK'],
  ['STR-190-250', 'Paint strainers 190 micron, 250 ct', 2150, 'BX'],
  ['TACK-12', 'Tack cloth, 12 ct', 1240, 'PK'],
];
/** Abrasives and masking supplier (extra8 set): maker-prefixed item codes, sold by the box, roll or pack. */
const ABRASIVES: [string, string, number, string][] = [
  ['3M-06292', 'Hookit sanding disc P320 6 in, 50/bx', 5480, 'BX'],
  ['3M-30362', 'Cubitron II Hookit disc P180 6 in', 6890, 'BX'],
  ['MIR-AE-6-400', 'Abranet disc 6 in P400, 50 pk', 4590, 'BX'],
  ['3M-06654', 'Scotchblok masking paper 12 in x 750 ft', 3175, 'RL'],
  ['3M-06345', 'Masking tape 3/4 in, 233+', 820, 'RL'],
  ['3M-06727', 'Refinish masking tape 1.5 in', 1240, 'RL'],
  ['NOR-02608', 'Scuff pad gray ultra fine, 20 pk', 2690, 'PK'],
  ['PRP-FILM-16', 'Overspray masking film 16 x 350 ft', 4850, 'RL'],
  ['3M-05917', 'Foam masking tape 13 mm', 2595, 'RL'],
  ['3M-08210', 'N95 particulate respirator, 20/bx', 2875, 'BX'],
  ['DA-PAD-6S', 'Interface pad 6 in soft', 1690, 'EA'],
  ['GLV-NIT-L', 'Nitrile gloves black L, 100 ct', 1345, 'BX'],
];
/** Used-parts broker (extra8 set): the part, the donor vehicle and a condition grade (the stock number is made per row). */
const BROKER: [string, string, number, string][] = [
  ['FRONT BUMPER ASSY W/ SENSORS', '2020 TOYOTA CAMRY SE', 24500, 'A'],
  ['HEADLAMP LED LH', '2021 HONDA ACCORD', 32000, 'A'],
  ['HOOD PANEL', '2019 FORD ESCAPE', 18500, 'B'],
  ['DOOR SHELL FRONT RH', '2018 CHEVY EQUINOX', 21000, 'B'],
  ['RADIATOR SUPPORT', '2020 NISSAN ROGUE', 16500, 'A'],
  ['TAIL LAMP QTR MTD RH', '2019 JEEP CHEROKEE', 9500, 'A'],
  ['FENDER LH', '2021 HYUNDAI TUCSON', 13500, 'A'],
  ['REAR BUMPER COVER', '2018 SUBARU OUTBACK', 17500, 'C'],
  ['MIRROR PWR HTD W/ SIGNAL LH', '2020 RAM 1500', 14000, 'A'],
  ['GRILLE ASSY CHROME', '2019 GMC SIERRA', 22500, 'B'],
];
/**
 * GM dealer's wholesale counter (extra9 set): GM numbers printed with the "GM " source prefix and a space
 * (`GM 84512345`), descriptions with sizes and a core included in the price (`BOLT M8X1.25X20`, `… INCL $75.00 CORE`),
 * a headlamp over a thousand dollars.
 */
const GM_WHS: [string, string, number][] = [
  ['GM 84512345', 'FASCIA-FRT BPR UPR', 48760],
  ['GM 84893276', 'LAMP ASM-HDLP LED LH', 124580],
  ['GM 11570225', 'BOLT M8X1.25X20', 185],
  ['GM 84385127', 'COMPRESSOR ASM-A/C INCL $75.00 CORE', 68950],
  ['GM 84209753', 'GRILLE ASM-RAD UPR', 38920],
  ['GM 23422410', 'RETAINER-FRT BPR FASCIA 10 PK', 1450],
  ['GM 84155826', 'PANEL ASM-FRT FDR LH', 32450],
  ['GM 19355489', 'COOLANT DEX-COOL 1 GAL', 2890],
  ['GM 84685211', 'SENSOR ASM-PARK ASST ALARM 2.5 IN', 8990],
  ['GM 23364972', 'RADIATOR ASM INCL $30.00 CORE', 42650],
  ['GM 84316658', 'ABSORBER-FRT BPR FASCIA ENERGY', 7210],
  ['GM 11611412', 'NUT M6X1.0 HEX FLANGE', 125],
];
/**
 * Hyundai and Subaru dealer group (extra9 set): the brand's code and a slash before the number (`HY/86511-L1000`,
 * `SU/57704AL00A`), long catalogue descriptions that wrap in a narrow column, sizes inside them.
 */
const HYU_SUB: [string, string, number][] = [
  ['HY/86511-L1000', 'COVER ASSY-FRONT BUMPER UPPER W/O PARKING ASSIST SENSOR HOLES', 51240],
  ['HY/92101-L1110', 'LAMP ASSY-HEAD LED LH W/ ADAPTIVE DRIVING BEAM', 108640],
  ['HY/86350-L1010', 'GRILLE ASSY-RADIATOR DARK CHROME FOR 18 IN WHEEL PKG', 36980],
  ['HY/86530-L1000', 'BEAM COMPLETE-FRONT BUMPER', 27420],
  ['HY/1125108206', 'BOLT-FLANGE M8X1.25X20', 210],
  ['HY/86590-L1000', 'CLIP-BUMPER COVER MOUNTING 10 PER PACK', 1640],
  ['SU/57704AL00A', 'BUMPER FACE FRONT PRIMED FOR VEHICLES WITH EYESIGHT', 45310],
  ['SU/84001AL02A', 'HEADLAMP ASSY RH LED STEERING RESPONSIVE', 99870],
  ['SU/57707AL01A', 'BEAM COMPLETE FRONT BUMPER REINFORCEMENT', 24850],
  ['SU/91121AL00A', 'GRILLE ASSY FRONT LOWER 2.0 L MODELS', 19830],
  ['SU/909130019', 'CLIP FASTENER 7 MM PUSH TYPE', 145],
  ['SU/57731AL10A', 'SPOILER FRONT BUMPER UNDER COVER 3 PIECE', 15960],
];
/**
 * Aftermarket bumper and lamp distributor (extra9 set): Partslink-style numbers (`HY1000215C`, `TO2503159`), CAPA and
 * promotion words with a per cent inside the description (`PROMO 20% OFF`), complete assemblies over a thousand dollars.
 */
const BUMPER_LAMP: [string, string, number][] = [
  ['HY1000215C', 'BUMPER COVER FRONT PRIMED CAPA', 31980],
  ['TO2503159', 'HEADLAMP ASSY LED LH W/ DRL', 89450],
  ['GM1200712', 'BUMPER ASSY FRONT COMPLETE W/ GRILLE & FOG LAMPS', 134500],
  ['NI2593140', 'FOG LAMP KIT PROMO 20% OFF LIST', 12890],
  ['HO1038101C', 'BUMPER REINFORCEMENT FRONT STEEL CAPA', 18760],
  ['TO2819158', 'TAIL LAMP ASSY RH OUTER - 2 BULB', 14320],
  ['FO1200593', 'GRILLE ASSY 6 BAR CHROME W/ EMBLEM MOUNT', 28950],
  ['KI1070168', 'ENERGY ABSORBER FRONT 15% LIGHTER FOAM', 7940],
  ['SU2502175', 'HEADLAMP ASSY HALOGEN RH CAPA', 24680],
  ['GM2503437', 'HEADLAMP ASSY LED PROJECTOR PAIR', 112400],
  ['HY1241100', 'BUMPER BRACKET FRONT LH SIDE', 2850],
  ['CH1039107N', 'BUMPER FACE BAR REAR CHROME NSF', 41290],
];
/**
 * Paint-body-equipment (PBE) jobber (extra9 set): item codes with dots and spaces (`5.5-BLK`, `SEM 39143`, `3M.02085`),
 * descriptions with sizes and grades (`#80 GRIT`, `1K PRIMER`, `3/8 HOSE`, `2.5 QT`), products sold by the gallon,
 * quart or pound (a layout prints part quantities such as 1.5 GAL or 0.25 LB).
 */
const PBE: [string, string, number, string][] = [
  ['5.5-BLK', 'INTERFACE PAD 5.5 IN BLACK SOFT', 1690, 'EA'],
  ['SEM 39143', 'SEAM SEALER GRAY 10.5 OZ CARTRIDGE', 2475, 'EA'],
  ['3M.02085', '#80 GRIT HOOKIT DISC 6 IN 50/BX', 4590, 'BX'],
  ['NSN 3840', '1K PRIMER SURFACER GRAY', 3450, 'QT'],
  ['HOSE.38-25', '3/8 HOSE X 25 FT W/ 1/4 NPT FITTINGS', 3890, 'EA'],
  ['RED-MED.GL', 'URETHANE REDUCER MEDIUM TEMP', 6890, 'GL'],
  ['TINT-WB.B12', 'WATERBORNE TINT BLACK BY WEIGHT', 9840, 'LB'],
  ['CLR-2K.25', '2K CLEARCOAT KIT 2.5 QT W/ ACTIVATOR', 11250, 'EA'],
  ['DV-1.3GTI', 'SPRAY GUN GRAVITY 1.3 MM TIP', 32900, 'EA'],
  ['USC 36041', 'ICING POLYESTER GLAZE', 5980, 'GL'],
  ['FLR-LW.3G', 'LIGHTWEIGHT BODY FILLER', 4120, 'GL'],
  ['EVR-100.5', 'FIBERGLASS REINFORCED FILLER 0.5 GAL', 3660, 'EA'],
];
/**
 * Fastener and clip supplier by the hundred (extra9 set): short all-digit part numbers that look like quantities or
 * prices (`4471`, `250`, `88`), sizes in the descriptions (`BOLT M8X1.25X20`, `U-NUT 1/4-14`); list in cents per piece
 * (a layout prints the unit price with four decimals).
 */
const FAST_BULK: [string, string, number][] = [
  ['4471', 'PUSH RETAINER 8 MM HOLE GM', 43],
  ['250', 'BOLT M8X1.25X20 FLANGE ZINC', 38],
  ['88', 'U-NUT 1/4-14 SPEED NUT', 27],
  ['1025', 'SCREW #8 X 3/4 PAN HD PHIL', 12],
  ['3310', 'WELL NUT 10-24 X 1/2', 65],
  ['712', 'RIVET 3/16 X 1/2 ALUM 100 CT', 1195],
  ['5090', 'LICENSE PLATE FASTENER 1/4-14 NYLON', 18],
  ['6622', 'MOLDING CLIP 10 MM TOYOTA', 52],
  ['940', 'FENDER LINER RETAINER 7 MM', 31],
  ['1500', 'BODY BOLT M6X1.0X16 W/ WASHER', 46],
  ['77', 'HOSE CLAMP #10 SS 9/16-1 1/16', 84],
  ['2318', 'TRIM PANEL CLIP 6.3 MM FORD', 29],
];
/**
 * Auto glass wholesaler (extra9 set): NAGS numbers with a space before their suffix (`FW05112 GTYN`), windshields with
 * a heads-up display over a thousand dollars, sizes in the descriptions (`18 IN WIPER`, `10.5 OZ`).
 */
const GLASS_WHS: [string, string, number][] = [
  ['FW05112 GTYN', 'WINDSHIELD SOLAR W/ RAIN SENSOR', 38960],
  ['FW04833 GBYH', 'WINDSHIELD HUD ACOUSTIC W/ CAMERA BRKT', 112480],
  ['DW02347 GTN', 'DOOR GLASS FRONT LH SOLAR', 16840],
  ['FB27419 GTY', 'BACK GLASS HEATED PRIVACY', 31250],
  ['WB-18', '18 IN WIPER BLADE BEAM', 1295],
  ['WB-26', '26 IN WIPER BLADE BEAM', 1395],
  ['HAH000448', 'URETHANE HI-MOD 10.5 OZ', 2890],
  ['HFG 7521', 'MOLDING KIT WS REVEAL 2 PC', 4480],
  ['PRM-1K30', 'PRIMER 1K BLACK 30 ML', 1980],
  ['FW04210 GTYN', 'WINDSHIELD SOLAR W/ LDW 3 CAMERA', 61420],
  ['DQ11560 GTN', 'QUARTER GLASS REAR RH STATIONARY', 12760],
  ['CLP-WS.2', 'WINDSHIELD CLIP SET 12 PC', 1450],
];
function fordPrefix(rng: Rng): string {
  return rng.pick(['HC3Z', 'JL3Z', 'FL3Z', 'ML3Z', 'KB3Z', 'GJ5Z', 'LJ8Z']);
}

const fromTuple4 = (t: [string, string, number, string], uom: string, application: string): CatalogPart => ({
  part_number: t[0],
  description: t[1],
  list: t[2],
  uom,
  application,
});

/** One random part of catalogue `id`. Prices get a little random spread so invoices differ. */
export function randomPart(rng: Rng, id: CatalogId): CatalogPart {
  const spread = (cents: number) => Math.max(50, Math.round((cents * rng.float(0.9, 1.12)) / 5) * 5);
  const years = () => {
    const y = rng.int(2014, 2023);
    return `${y}-${String(y + rng.int(1, 4)).slice(2)}`;
  };
  switch (id) {
    case 'ford': {
      const [base, desc, list] = rng.pick(FORD_BODY);
      const suffix = rng.pick(['A', 'AB', 'C', 'AA', 'B', 'ACPTM']);
      return {
        part_number: `${fordPrefix(rng)} ${base} ${suffix}`,
        description: desc,
        list: spread(list),
        uom: 'EA',
        application: `${years()} F-150`,
      };
    }
    case 'toyota': {
      const [pn, desc, list] = rng.pick(TOYOTA);
      return {
        part_number: pn,
        description: desc,
        list: spread(list),
        uom: 'EA',
        application: `${years()} CAMRY`,
      };
    }
    case 'gm': {
      const [pn, desc, list] = rng.pick(GM);
      return {
        part_number: pn,
        description: desc,
        list: spread(list),
        uom: 'EA',
        application: `${years()} SILVERADO`,
      };
    }
    case 'honda': {
      const [pn, desc, list] = rng.pick(HONDA);
      return {
        part_number: pn,
        description: desc,
        list: spread(list),
        uom: 'EA',
        application: `${years()} CIVIC`,
      };
    }
    case 'mopar': {
      const [pn, desc, list] = rng.pick(MOPAR);
      return {
        part_number: pn,
        description: desc,
        list: spread(list),
        uom: 'EA',
        application: `${years()} RAM 1500`,
      };
    }
    case 'nissan': {
      const [pn, desc, list] = rng.pick(NISSAN);
      return {
        part_number: pn,
        description: desc,
        list: spread(list),
        uom: 'EA',
        application: `${years()} ALTIMA`,
      };
    }
    case 'aftermarket': {
      const t = rng.pick(PARTSLINK);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], 'EA', t[3]);
    }
    case 'store': {
      const t = rng.pick(STORE);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], rng.pick(['EA', 'EA', 'EA', 'PR']), t[3]);
    }
    case 'paint': {
      const t = rng.pick(PAINT);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'glass': {
      const t = rng.pick(GLASS);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], 'EA', t[3]);
    }
    case 'recycler': {
      const t = rng.pick(RECYCLER);
      // Stock tags mix letters and digits that OCR confuses; the printed tag is the truth.
      const tag = `${rng.pick(['S', 'O', 'I', 'A', 'B'])}${rng.chars('0O1I5S', 1)}-${rng.digits(4)}${rng.pick(['', 'A', 'S', 'O'])}`;
      return {
        part_number: tag,
        description: t[0],
        list: Math.round((t[2] * rng.float(0.9, 1.15)) / 500) * 500,
        uom: 'EA',
        application: t[3],
      };
    }
    case 'fasteners': {
      const t = rng.pick(FASTENERS);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'euro': {
      const [pn, desc, list] = rng.pick(EURO);
      return {
        part_number: pn,
        description: desc,
        list: spread(list),
        uom: 'EA',
        application: `${years()} Golf`,
      };
    }
    case 'electrical': {
      const t = rng.pick(ELECTRICAL);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], 'EA', t[3]);
    }
    case 'paintmix': {
      const t = rng.pick(PAINT_MIX);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'tire': {
      const t = rng.pick(TIRE);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'salvage': {
      const t = rng.pick(SALVAGE);
      // Yard stock tags mix O/0, I/1, S/5 as printed; the interchange number is a second code on the row.
      const tag = `${rng.pick(['Y', 'S', 'I', 'O'])}${rng.chars('0O1I5S', 1)}${rng.digits(3)}${rng.chars('0O1I5S', 1)}`;
      return {
        part_number: tag,
        description: t[0],
        list: Math.round((t[2] * rng.float(0.9, 1.15)) / 500) * 500,
        uom: 'EA',
        application: t[1],
        note: `IC ${t[3]}-${rng.digits(5)}`,
      };
    }
    case 'dotted': {
      const [pn, desc, list] = rng.pick(DOTTED);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} Jetta` };
    }
    case 'leadzero': {
      const t = rng.pick(LEADZERO);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'paintsize': {
      const t = rng.pick(PAINT_SIZE);
      return { ...fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], ''), note: t[4] };
    }
    case 'hyundai': {
      const [pn, desc, list] = rng.pick(HYUNDAI);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} ELANTRA` };
    }
    case 'nagsplain': {
      const [pn, desc, list] = rng.pick(NAGS_PLAIN);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: '' };
    }
    case 'yard': {
      const t = rng.pick(YARD);
      // Yard stock numbers: two digits of the year bought, a row letter, four digits (24K1187); the note is
      // 'interchange|grade' (grade A–C), split by the layout into two columns.
      return {
        part_number: `${rng.int(21, 26)}${rng.pick(['A', 'B', 'C', 'K', 'T'])}${rng.digits(4)}`,
        description: t[0],
        list: Math.round((t[2] * rng.float(0.9, 1.15)) / 500) * 500,
        uom: 'EA',
        application: t[1],
        note: `${t[3]}|${rng.pick(['A', 'A', 'B', 'C'])}`,
      };
    }
    case 'linecode': {
      const t = rng.pick(LINE_CODE);
      return { part_number: t[1], description: t[2], list: spread(t[3]), uom: 'EA', application: '', note: t[0] };
    }
    case 'bmw': {
      const [pn, desc, list] = rng.pick(BMW);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} X3` };
    }
    case 'acdelco': {
      const t = rng.pick(ACDELCO);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], `${years()} SILVERADO`);
    }
    case 'supplies': {
      const t = rng.pick(SUPPLIES);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'mazda': {
      const [pn, desc, list] = rng.pick(MAZDA);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} CX-5` };
    }
    case 'subaru': {
      const [pn, desc, list] = rng.pick(SUBARU);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} FORESTER` };
    }
    case 'weldgas': {
      const t = rng.pick(WELD_GAS);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'lexus': {
      const [pn, desc, list] = rng.pick(LEXUS);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} RX350` };
    }
    case 'import': {
      const t = rng.pick(IMPORT);
      return { ...fromTuple4([t[0], t[1], spread(t[2]), t[3]], 'EA', ''), note: t[3] };
    }
    case 'toner': {
      const t = rng.pick(TONER);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'donor': {
      const [desc, car, list] = rng.pick(DONOR);
      // Yard stock numbers mix O/0, I/1 and S/5 as printed (`T24-O37I`); the note is the donor car's VIN.
      return {
        part_number: `${rng.pick(['T', 'Y', 'R'])}${rng.int(21, 26)}-${rng.chars('0O1I5S', 1)}${rng.digits(2)}${rng.chars('0O1I5S', 1)}`,
        description: desc,
        list: Math.round((list * rng.float(0.9, 1.15)) / 500) * 500,
        uom: 'EA',
        application: car,
        note: rng.chars(VIN_CHARS, 17),
      };
    }
    case 'capa': {
      const t = rng.pick(CAPA);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], 'EA', t[3]);
    }
    case 'nagskit': {
      const t = rng.pick(NAGS_KIT);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[0].startsWith('HAH') || t[0].startsWith('KIT') ? 'KT' : 'EA', t[3]);
    }
    case 'acura': {
      const [pn, desc, list, from] = rng.pick(ACURA);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} RDX`, note: from };
    }
    case 'reman': {
      const [pn, desc, list] = rng.pick(REMAN);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: '' };
    }
    case 'paintdirect': {
      const t = rng.pick(PAINT_DIRECT);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'adas': {
      const [pn, desc, list] = rng.pick(ADAS);
      return { part_number: pn, description: desc, list: Math.round(list / 500) * 500, uom: 'EA', application: '' };
    }
    case 'clips': {
      const [pn, desc, list, pack, bin] = rng.pick(CLIPS);
      return { part_number: pn, description: desc, list: spread(list), uom: pack, application: bin };
    }
    case 'tow': {
      const [pn, desc, list] = rng.pick(TOW);
      return { part_number: pn, description: desc, list, uom: 'EA', application: '' };
    }
    case 'toyotawhs': {
      const [pn, desc, list] = rng.pick(TOYOTA_WHS);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} CAMRY` };
    }
    case 'moparws': {
      const [pn, desc, list, mfr] = rng.pick(MOPAR_WS);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} WRANGLER`, note: mfr };
    }
    case 'kia': {
      const [pn, desc, list] = rng.pick(KIA);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} K5` };
    }
    case 'paintstore': {
      const t = rng.pick(PAINT_STORE);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'abrasives': {
      const t = rng.pick(ABRASIVES);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'gmwhs': {
      const [pn, desc, list] = rng.pick(GM_WHS);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: `${years()} SILVERADO` };
    }
    case 'hyusub': {
      const [pn, desc, list] = rng.pick(HYU_SUB);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: '' };
    }
    case 'bumperlamp': {
      const [pn, desc, list] = rng.pick(BUMPER_LAMP);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: '' };
    }
    case 'pbe': {
      const t = rng.pick(PBE);
      return fromTuple4([t[0], t[1], spread(t[2]), t[3]], t[3], '');
    }
    case 'fastbulk': {
      // Pennies a piece: spread() would floor them at 50 cents, so the spread is drawn here.
      const [pn, desc, list] = rng.pick(FAST_BULK);
      return { part_number: pn, description: desc, list: Math.max(5, Math.round(list * rng.float(0.9, 1.12))), uom: 'EA', application: '' };
    }
    case 'glasswhs': {
      const [pn, desc, list] = rng.pick(GLASS_WHS);
      return { part_number: pn, description: desc, list: spread(list), uom: 'EA', application: '' };
    }
    case 'broker': {
      const [desc, car, list, grade] = rng.pick(BROKER);
      // A broker's stock number: yard prefix, year and a sequence (`UP26-04817`); the note is the condition grade.
      return {
        part_number: `${rng.pick(['UP', 'BX', 'RP'])}${rng.int(24, 26)}-${rng.digits(5)}`,
        description: desc,
        list: Math.round((list * rng.float(0.9, 1.15)) / 500) * 500,
        uom: 'EA',
        application: car,
        note: grade,
      };
    }
  }
}

/** Recycler grade/condition note for a part (printed in a notes column, not part of the description). */
export function recyclerNote(description: string): string {
  return RECYCLER.find((r) => r[0] === description)?.[1] ?? '';
}

/** Street addresses, towns and phone numbers for supplier and customer blocks. */
export const STREETS = [
  '1450 Industrial Pkwy',
  '88 Commerce Dr, Unit 4',
  '2301 W Main St',
  '760 Route 9 North',
  '15 Depot Road',
  '4102 Airport Blvd',
  '990 Harbor Way',
  '312 Mill St',
  '5880 Expressway Dr S',
  '27 Foundry Lane',
];
export const TOWNS = [
  'Springfield, IL 62703',
  'Joliet, IL 60435',
  'Racine, WI 53403',
  'Harrisburg, PA 17111',
  'Dayton, OH 45414',
  'Fort Wayne, IN 46808',
  'Tulsa, OK 74107',
  'Boise, ID 83709',
  'Albany, NY 12205',
  'Macon, GA 31206',
];
export const CUSTOMERS = [
  'C.A.R.S Collision & Refinish',
  'Eastside Auto Body',
  'Precision Collision Center',
  'Main Street Body Shop',
  'Riverside Paint & Body',
];

/** A phone number in one of the printed styles. */
export function phone(rng: Rng): string {
  const a = rng.int(201, 989);
  const b = rng.int(200, 989);
  const c = rng.digits(4);
  return rng.pick([`(${a}) ${b}-${c}`, `${a}-${b}-${c}`, `${a}.${b}.${c}`]);
}
