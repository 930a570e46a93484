import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';

/** Spec section 9: zoom 1 to 3 in steps of 0.1, aspect 1, round guide. */
export const CROP = { minZoom: 1, maxZoom: 3, zoomStep: 0.1, aspect: 1 } as const;

/**
 * Square crop of a chosen photo with a round guide (react-easy-crop). Reports the square to keep in
 * pixels of the image (`x`, `y`, `size`), which the form sends beside the file; the api crops.
 * Loaded on demand (React.lazy), so the library stays out of every page's first download.
 */
export default function PhotoCrop({ src, onChange }: { src: string; onChange: (area: { x: number; y: number; size: number }) => void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP.minZoom);
  const report = (_: Area, pixels: Area) => {
    const size = Math.max(1, Math.round(Math.min(pixels.width, pixels.height)));
    onChange({ x: Math.max(0, Math.round(pixels.x)), y: Math.max(0, Math.round(pixels.y)), size });
  };
  return (
    <div className="photo-crop" data-testid="photo-crop">
      <div className="photo-crop-area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          minZoom={CROP.minZoom}
          maxZoom={CROP.maxZoom}
          aspect={CROP.aspect}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={(z) => setZoom(Math.round(z / CROP.zoomStep) * CROP.zoomStep)}
          onCropComplete={report}
        />
      </div>
      <label className="photo-zoom">
        <span>Zoom</span>
        <input
          type="range"
          min={CROP.minZoom}
          max={CROP.maxZoom}
          step={CROP.zoomStep}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          aria-label="Zoom"
          data-testid="crop-zoom"
        />
        <output>{zoom.toFixed(1)}×</output>
      </label>
    </div>
  );
}
