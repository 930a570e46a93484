import type { LinkDescriptor } from '@remix-run/node';
import addressBookStyles from './address-book.css';
import adminStyles from './admin.css';
import adminTableStyles from './admin-tables.css';
import baseStyles from './base.css';
import calendarStyles from './calendar.css';
import dialogStyles from './dialogs.css';
import fileTableStyles from './files-table.css';
import fileStyles from './files.css';
import formStyles from './forms.css';
import groupChatStyles from './group-chat.css';
import headerStyles from './header.css';
import leadPageStyles from './lead-page.css';
import leadStyles from './leads.css';
import listStyles from './lists.css';
import projectCardStyles from './project-cards.css';
import projectPageStyles from './project-page.css';
import reviewStyles from './reviews.css';
import settingStyles from './setting.css';
import showcaseStyles from './showcase.css';
import summaryEditorStyles from './summary-editor.css';
import summaryItemStyles from './summary-items.css';
import summarySectionStyles from './summary-sections.css';
import taskboardStyles from './taskboard.css';
import teamStyles from './team.css';
import workspaceControlStyles from './workspace-controls.css';
import workspacePhoneStyles from './workspace-phone.css';
import workspaceStyles from './workspace.css';

/**
 * The style sheets shared by several pages, by area, for the `links` of the routes that use them
 * (a page loads what it uses). A route lists these before its own sheets, so the order of the
 * cascade stays: base, then the area, then the page.
 */

const sheets = (...hrefs: string[]): LinkDescriptor[] => hrefs.map((href) => ({ rel: 'stylesheet', href }));

/** Every page (root): base, header, forms, dialogs and lists. */
export const baseSheets = sheets(baseStyles, headerStyles, formStyles, dialogStyles, listStyles);

/** Project cards alone: the workspace's project list. */
export const projectCardSheets = sheets(projectCardStyles);

/** The showcase's pages: home, explore, a project's page, the firm directory and a firm's page, the portfolio. */
export const showcaseSheets = sheets(projectCardStyles, projectPageStyles, showcaseStyles);

/** Reviews and ratings (docs/decisions/409–411): the directory's cards, a firm's page, the review link, the firm's and the admin's lists. */
export const reviewSheets = sheets(reviewStyles);

/** The super-admin area (its login and the account confirmation page use the login card). */
export const adminLoginSheets = sheets(adminStyles);
export const adminSheets = sheets(adminStyles, adminTableStyles);

/** The workspace's shell (its layout route): the sidebar and content column, the drawer on a phone, the plan badge and icon buttons. */
export const workspaceSheets = sheets(workspaceStyles, workspacePhoneStyles, workspaceControlStyles);

/** The team area: employees, the task board and the calendar (with the iCal card Setting shows too). */
export const teamSheets = sheets(teamStyles, taskboardStyles, calendarStyles);

/** A project's folders and files (the task board's file list uses their icon buttons and table). */
export const fileSheets = sheets(fileStyles, fileTableStyles);

/** Address Book, Group Chat and Setting, which share their cards and compose box. */
export const chatBookSheets = sheets(addressBookStyles, groupChatStyles, settingStyles);

/** The demand box and a lead's page. */
export const leadSheets = sheets(leadStyles, leadPageStyles);

/** The summary and financial editor. */
export const summaryEditorSheets = sheets(summaryEditorStyles, summarySectionStyles, summaryItemStyles);
