import { pluginManifest, pluginPlatform } from "../../scripts/native-plugin-pack";

/** `npm run plugin`'s pure parts: the tarball's platform name and the manifest it installs from. */

test("the tarball's platform is named as Pulumi names plugin platforms", () => {
  expect(pluginPlatform("linux", "x64")).toBe("linux-amd64");
  expect(pluginPlatform("darwin", "arm64")).toBe("darwin-arm64");
  expect(pluginPlatform("win32", "x64")).toBe("windows-amd64");
});

test("the plugin's manifest depends on the locked @pulumi/pulumi and keeps nothing of the development", () => {
  const manifest = pluginManifest(
    {
      name: "pulumi-docs-workspace",
      version: "1.2.3",
      scripts: { prepare: "node scripts/link-self.cjs" },
      dependencies: { zod: "^4.1.0" },
      peerDependencies: { "@pulumi/pulumi": "^3.200.0" },
      devDependencies: { jest: "^30.2.0" },
    },
    "3.248.0",
  );
  expect(manifest).toEqual({
    name: "pulumi-docs-workspace",
    version: "1.2.3",
    dependencies: { zod: "^4.1.0", "@pulumi/pulumi": "3.248.0" },
  });
});
