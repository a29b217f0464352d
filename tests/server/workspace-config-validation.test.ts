import { SCREENS } from '@app/routes/screens';
import { APP_ROUTE_PATTERNS } from '@domain/app-routes';
import { localizeProblem, problemLanguage } from '@translator/problem-messages';

/** The server's pieces of draft validation that do not need a database. */

describe('the app routes a home path may lead to', () => {
  it("are the app's screen registry's paths (the server keeps a copy so that it never loads the app)", () => {
    expect([...APP_ROUTE_PATTERNS].sort()).toEqual(SCREENS.map((screen) => screen.path).sort());
  });
});

describe('problem messages', () => {
  it.each([
    // no header: not the app (it, and every browser, names its language), an API client: English
    [undefined, 'en'],
    ['', 'en'],
    ['it-IT,it;q=0.9,en;q=0.8', 'it'],
    ['en-US,en;q=0.9', 'en'],
    ['en-GB', 'en'],
    ['en', 'en'],
    ['fr-FR', 'it'],
  ])('Accept-Language %p speaks %s', (header, language) => {
    expect(problemLanguage(header)).toBe(language);
  });

  it('Italian from the catalogue without the pointer (the problem carries it), English as the translator wrote it, unknown rules in English', () => {
    const problem = { document: 'workspace' as const, pointer: '/groupsInputs/0/fields/1', rule: 'group-field-missing', message: "Group 'G' names field 'x' that the data model's inputs lack", severity: 'error' as const };
    expect(localizeProblem({ ...problem, params: { group: 'G', field: 'x', section: 'inputs' } }, 'it').message).toBe("Il gruppo 'G' nomina il campo 'x', che il modello dati non ha tra gli inputs");
    expect(localizeProblem(problem, 'en')).toEqual(problem);
    expect(localizeProblem({ ...problem, rule: 'a-rule-of-tomorrow' }, 'it').message).toBe(problem.message);
  });
});
