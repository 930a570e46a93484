import type { Page } from "@playwright/test";
import {
  demoElevationPng,
  demoPlanPdf,
  demoRenderJpeg,
  demoWalkthroughWebm,
} from "../../server/seed/demo-files";
import { expect, ready, test } from "./fixtures";
import {
  createFolderThroughApi,
  firmWithProject,
  folderPath,
  foldersPath,
  uploadThroughApi,
} from "./workspace-files-data";

/**
 * Screenshots of a project's folders and files for review (docs/screenshots/): the folder list,
 * and a folder's files with the preview panel open on a picture and on the PDF, at 1280 and 375
 * px. Runs only when asked: SCREENSHOTS=1 E2E_PORT=3900 npx playwright test workspace-files-screenshots
 */

async function open(page: Page, js: boolean, url: string, width: number) {
  await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
  await page.goto(url);
  await ready(page, js);
}

test(
  "workspace files",
  { tag: ["@js-only", "@on-demand"] },
  async ({ page, js }) => {
    const shot = (name: string, fullPage = true) =>
      page.screenshot({
        path: `docs/screenshots/workspace-files-${name}.png`,
        fullPage,
      });
    const { token, project } = await firmWithProject(
      page,
      "Courtyard House, Baner"
    );
    const drawings = await createFolderThroughApi(
      token,
      project.id,
      "Drawings"
    );
    await createFolderThroughApi(token, project.id, "Site visits");
    await createFolderThroughApi(token, project.id, "Client documents");
    await uploadThroughApi(
      token,
      { projectId: project.id, folderId: drawings },
      [
        {
          name: "Ground floor plan.pdf",
          data: demoPlanPdf("Courtyard House, Baner"),
        },
        { name: "Living room render.jpg", data: await demoRenderJpeg(4) },
        { name: "Street elevation.png", data: await demoElevationPng(5) },
        { name: "Site walkthrough.webm", data: await demoWalkthroughWebm() },
        {
          name: "Material schedule.txt",
          data: Buffer.from(
            "Flooring: Kota stone, honed.\nWalls: lime plaster.\n"
          ),
        },
      ]
    );
    const files = await page.request.get(
      `${folderPath(
        project.id,
        drawings
      )}?_data=routes%2Fworkspace.project.filesdetails.%24projectId.%24folderId`
    );
    const ids = (await files.json()).files.map(
      (f: { id: string }) => f.id
    ) as string[];

    for (const width of [1280, 375]) {
      await open(page, js, foldersPath(project.id), width);
      await shot(`folders-${width}`);
      await open(
        page,
        js,
        `${folderPath(project.id, drawings)}?preview=${ids[1]}`,
        width
      );
      await expect(page.getByTestId("preview-image")).toBeVisible();
      await expect
        .poll(() =>
          page
            .getByTestId("preview-image")
            .evaluate(
              (img: HTMLImageElement) => img.complete && img.naturalWidth > 0
            )
        )
        .toBe(true);
      await shot(`preview-image-${width}`, width !== 375);
      await open(
        page,
        js,
        `${folderPath(project.id, drawings)}?preview=${ids[0]}`,
        width
      );
      await page.waitForTimeout(800); // the PDF viewer draws
      await shot(`preview-pdf-${width}`, width !== 375);
      await open(page, js, folderPath(project.id, drawings), width);
      await shot(`files-${width}`);
    }
  }
);
