import { plural } from '@shared/domain/plural';

/** The texts of the search's map (issue 39, docs/locations.md): loaded with the map only. */
export const searchMap = {
  /** The map's region, for screen readers. */
  region: 'חיפוש במפה',
  loading: 'המפה נטענת…',
  failed: 'לא ניתן להציג את המפה כרגע. רשימת הנכסים זמינה כרגיל.',
  noWebgl: 'הדפדפן הזה אינו יכול להציג את המפה. רשימת הנכסים זמינה כרגיל.',
  searchArea: 'חפשו באזור הזה',
  skipToList: 'דילוג לרשימת הנכסים שבמפה',
  listTitle: 'נכסים באזור המפה',
  listEmpty: 'אין באזור המפה נכסים התואמים לחיפוש. הזיזו או הרחיקו את המפה.',
  listMore: (n: number) =>
    plural(n, {
      one: 'ועוד קבוצה אחת של נכסים: הגדילו את המפה כדי לראות אותם',
      other: 'ועוד {n} קבוצות של נכסים: הגדילו את המפה כדי לראות אותם',
    }),
  cluster: (n: number) => plural(n, { one: 'נכס אחד כאן, הגדלת המפה', other: '{n} נכסים כאן, הגדלת המפה' }),
  /** A pin, for screen readers: 'נכס, 4 חדרים, 2,450,000 ₪'. */
  pin: (price: string, rooms: number | null) =>
    rooms === null ? `נכס, ${price}` : `נכס, ${roomsText(rooms)}, ${price}`,
  rooms: (rooms: number) => roomsText(rooms),
  open: 'לפרטי הנכס',
  close: 'סגירת כרטיס הנכס',
  /** MapLibre's own controls (its `locale` option). */
  controls: {
    'AttributionControl.ToggleAttribution': 'הצגת הקרדיטים של המפה',
    'AttributionControl.MapFeedback': 'משוב על המפה',
    'FullscreenControl.Enter': 'מסך מלא',
    'FullscreenControl.Exit': 'יציאה ממסך מלא',
    'GeolocateControl.FindMyLocation': 'המיקום שלי',
    'GeolocateControl.LocationNotAvailable': 'המיקום אינו זמין',
    'LogoControl.Title': 'MapLibre',
    'Map.Title': 'מפת הנכסים',
    'Marker.Title': 'סמן במפה',
    'NavigationControl.ResetBearing': 'איפוס כיוון המפה לצפון',
    'NavigationControl.ZoomIn': 'התקרבות',
    'NavigationControl.ZoomOut': 'התרחקות',
    'Popup.Close': 'סגירה',
    'ScaleControl.Feet': 'רגל',
    'ScaleControl.Meters': 'מ׳',
    'ScaleControl.Kilometers': 'ק״מ',
    'ScaleControl.Miles': 'מייל',
    'ScaleControl.NauticalMiles': 'מייל ימי',
    'GlobeControl.Enable': 'תצוגת כדור',
    'GlobeControl.Disable': 'תצוגה שטוחה',
    'TerrainControl.Enable': 'הצגת תבליט',
    'TerrainControl.Disable': 'הסתרת תבליט',
    'CooperativeGesturesHandler.WindowsHelpText': 'כדי להגדיל את המפה יש ללחוץ Ctrl ולגלול',
    'CooperativeGesturesHandler.MacHelpText': 'כדי להגדיל את המפה יש ללחוץ ⌘ ולגלול',
    'CooperativeGesturesHandler.MobileHelpText': 'כדי להזיז את המפה יש להשתמש בשתי אצבעות',
  },
} as const;

/** 'חדר אחד', '4 חדרים', '3.5 חדרים'. */
const roomsText = (rooms: number) => (rooms === 1 ? 'חדר אחד' : `${rooms} חדרים`);
