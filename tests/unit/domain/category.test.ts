import { landingCategory, trackingType } from '../../../src/domain/category';

describe('landingCategory (spec 2 "Landing categories for tracking")', () => {
  test.each(['android', 'authorization', 'products', 'withoutoffer', 'applications'])('spec 2: %s is in the "another" list', (name) => {
    expect(landingCategory(name)).toBe('another');
  });

  test.each([
    'betgamesnew',
    'bonus20000',
    'bonus25000',
    'spin_machine',
    'spin_machine25',
    'slot_machine',
    'slot_machine25',
    'welcome_bonus_casino',
    'welcome_bonus_casino25',
  ])('spec 2: %s is in the "casino" list', (name) => {
    expect(landingCategory(name)).toBe('casino');
  });

  test.each([
    ['an md5-length hex hash', 'a3f1c2d4e5b60718293a4b5c6d7e8f90'],
    ['a sha1-length hex hash', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
  ])('spec 2: a {hash} name is casino: %s', (_what, name) => {
    expect(landingCategory(name)).toBe('casino');
  });

  test.each(['casino_13012022', 'GameART_Tournament'])('spec 2: %s is a tournament casino', (name) => {
    expect(landingCategory(name)).toBe('tournament_casino');
  });

  test.each([
    // Spec 2 slugs that are in none of the lists.
    'bonus30000',
    'bonus35000',
    'broadcast',
    'cybersport',
    'freebet30',
    'freebet35',
    'freebet5000',
    'people',
    'tvshows',
    'US-Open',
    'quiz',
    'bonus35000_betgold',
    'bonus35000_eaglebet',
    // Names nobody has listed yet.
    'summer_cup',
    'casino',
  ])('spec 2: any other landing counts as sport: %s', (name) => {
    expect(landingCategory(name)).toBe('sport');
  });
});

describe('trackingType (spec 3 "Landing view event detail": type is casino, another or sport)', () => {
  test.each([
    ['withoutoffer', 'another'],
    ['android', 'another'],
    ['slot_machine', 'casino'],
    ['a3f1c2d4e5b60718293a4b5c6d7e8f90', 'casino'],
    ['casino_13012022', 'casino'],
    ['GameART_Tournament', 'casino'],
    ['freebet30', 'sport'],
    ['cybersport', 'sport'],
  ])('spec 3: view_landing type of %s is %s', (name, expected) => {
    expect(trackingType(landingCategory(name))).toBe(expected);
  });
});
