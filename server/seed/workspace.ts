import type { AppContext } from '../context.js';
import type { projects } from '../db/schema/index.js';
import { addProjectPhoto, createEmployee, createMember, createWorkspaceProject } from './factories.js';

/**
 * The demo workspace: each demo firm gets two workspace projects with a photo
 * and members, and one employee account (role employee, password as the other demo logins) that is
 * a member of the firm's first project, so signing in as it shows the workspace a plain employee
 * sees. Schedules, folders and files are added to the projects this answers (see `seedDemo`).
 */

type WorkspaceProjectSeed = {
  projectName: string;
  projectType: string;
  area: number;
  state: string;
  city: string;
  designTeam: string[];
  clientName: string;
  clientDetails: string;
  address: string;
  members: Array<{ name: string; email: string }>;
};

type FirmWorkspaceSeed = {
  employee: { userName: string; email: string; designation: string };
  projects: [WorkspaceProjectSeed, WorkspaceProjectSeed];
};

/** By the demo firm's email. The employee is a member of the first project only. */
export const DEMO_WORKSPACES: Record<string, FirmWorkspaceSeed> = {
  'studio@demo.test': {
    employee: { userName: 'Priya Nair', email: 'priya@studio.demo.test', designation: 'Architect' },
    projects: [
      {
        projectName: 'Koregaon Park Residence',
        projectType: 'architecture-residential',
        area: 420,
        state: 'Maharashtra',
        city: 'Pune',
        designTeam: ['Architect', 'Engineer'],
        clientName: 'Rhea and Arjun Kapoor',
        clientDetails: 'A family of four moving from Mumbai; they want a quiet house with a courtyard and room for grandparents.',
        address: 'Plot 14, Lane 6, Koregaon Park, Pune 411001',
        members: [
          { name: 'Rhea Kapoor', email: 'rhea.kapoor@example.test' },
          { name: 'Vikram Joshi (structural engineer)', email: 'vikram@joshi-consult.example' },
        ],
      },
      {
        projectName: 'Baner Public Library',
        projectType: 'architecture-institutional',
        area: 1850,
        state: 'Maharashtra',
        city: 'Pune',
        designTeam: ['Architect', 'Manager'],
        clientName: 'Pune Municipal Corporation',
        clientDetails: 'Competition win; two reading halls, a children’s wing and a rooftop garden. Works department contact: Mr. Deshpande.',
        address: 'Survey 27, Baner Road, Baner, Pune 411045',
        members: [{ name: 'S. Deshpande (PMC works)', email: 'deshpande@pmc.example' }],
      },
    ],
  },
  'interiors@demo.test': {
    employee: { userName: 'Farhan Ali', email: 'farhan@interiors.demo.test', designation: 'Interior designer' },
    projects: [
      {
        projectName: 'Indiranagar Dental Clinic',
        projectType: 'interior-healthcare',
        area: 210,
        state: 'Karnataka',
        city: 'Bengaluru',
        designTeam: ['Designer', 'Manager'],
        clientName: 'Dr. Meera Iyer',
        clientDetails: 'Three treatment rooms, a calm waiting area and a sterilisation room; opening in March.',
        address: '2nd floor, 100 Feet Road, Indiranagar, Bengaluru 560038',
        members: [{ name: 'Meera Iyer', email: 'meera@smile-dental.example' }],
      },
      {
        projectName: 'Whitefield Co-working Floor',
        projectType: 'interior-commercial',
        area: 960,
        state: 'Karnataka',
        city: 'Bengaluru',
        designTeam: ['Designer', 'Engineer'],
        clientName: 'Hive Workspaces',
        clientDetails: '160 desks, eight meeting rooms and a café; acoustic panels throughout.',
        address: 'Tower B, ITPL Main Road, Whitefield, Bengaluru 560066',
        members: [
          { name: 'Karan Mehra (Hive)', email: 'karan@hive.example' },
          { name: 'Anita Rao (MEP)', email: 'anita@mep-works.example' },
        ],
      },
    ],
  },
  'atelier@demo.test': {
    employee: { userName: 'Ishaan Verma', email: 'ishaan@atelier.demo.test', designation: 'Architect' },
    projects: [
      {
        projectName: 'Lodhi Colony Apartment',
        projectType: 'interior-residential',
        area: 185,
        state: 'Delhi',
        city: 'New Delhi',
        designTeam: ['Architect', 'Designer'],
        clientName: 'Sanjay Khanna',
        clientDetails: 'A 1960s flat to open up: new kitchen, restored terrazzo floors and a study for two.',
        address: 'Block 9, Lodhi Colony, New Delhi 110003',
        members: [{ name: 'Sanjay Khanna', email: 'sanjay.khanna@example.test' }],
      },
      {
        projectName: 'Mehrauli Boutique Hotel',
        projectType: 'architecture-commercial',
        area: 2400,
        state: 'Delhi',
        city: 'New Delhi',
        designTeam: ['Architect', 'Designer', 'Engineer', 'Manager'],
        clientName: 'Qutub Hospitality',
        clientDetails: 'Eighteen rooms around two courtyards, a restaurant facing the Qutub Minar and a spa.',
        address: 'Kalka Das Marg, Mehrauli, New Delhi 110030',
        members: [
          { name: 'Aditi Sharma (Qutub Hospitality)', email: 'aditi@qutub-hospitality.example' },
          { name: 'Rahul Bose (landscape)', email: 'rahul@bose-landscape.example' },
        ],
      },
    ],
  },
};

export type SeededWorkspaceProject = typeof projects.$inferSelect & { firmEmail: string };
export type SeededWorkspace = {
  /** Every workspace project created, firm by firm (the first of each firm has the employee as a member). */
  projects: SeededWorkspaceProject[];
  /** The employee accounts, for the printed demo logins. */
  employees: Array<{ email: string; userName: string; firmEmail: string; projectName: string }>;
};

/** Creates the demo workspace of the demo firms (by email); firms without an entry get none. */
export async function seedWorkspace(ctx: Pick<AppContext, 'db' | 'storage'>, firms: Array<{ id: string; email: string }>, password: string): Promise<SeededWorkspace> {
  const seeded: SeededWorkspace = { projects: [], employees: [] };
  let seed = 100;
  for (const firm of firms) {
    const plan = DEMO_WORKSPACES[firm.email];
    if (!plan) continue;
    const employee = await createEmployee(ctx.db, firm.id, { ...plan.employee, password });
    for (const [index, { members, ...fields }] of plan.projects.entries()) {
      const project = await createWorkspaceProject(ctx.db, firm.id, { ...fields, country: 'India' });
      // Demo pictures are flat drawings: a low WebP effort keeps the first start quick.
      const withPhoto = await addProjectPhoto(ctx, project, { seed: seed++, effort: 1 });
      const people = index === 0 ? [{ name: employee.userName, email: employee.email }, ...members] : members;
      for (const person of people) await createMember(ctx.db, project.id, person);
      seeded.projects.push({ ...withPhoto, firmEmail: firm.email });
      if (index === 0) seeded.employees.push({ email: employee.email, userName: employee.userName, firmEmail: firm.email, projectName: project.projectName });
    }
  }
  return seeded;
}
