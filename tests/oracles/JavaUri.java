// The java.net.URI oracle of tests/java_uri.rs.
//
// Reads one input per line on stdin, hex-encoded UTF-8, and parses each
// with `new URI(s)` (java.net.URI's strict RFC 2396 parser, with the
// deviations its documentation lists). Writes one line per input:
//   ERR <index>                        when new URI throws URISyntaxException
//   OK <opaque> <scheme> <userinfo> <host> <port> <authority> <path> <query> <fragment> <ssp>
// (getScheme, getRawUserInfo, getHost, getPort, getRawAuthority, getRawPath,
// getRawQuery, getRawFragment, getRawSchemeSpecificPart; a scheme has no
// escapes, so getScheme is raw) where <opaque> is 1 or 0, <port> is getPort() in decimal (-1 when
// undefined), and every other field is the raw component as hex-encoded
// UTF-8, or "-" when java.net.URI reports it undefined (null). The empty
// string is "=" (so that no field is empty).
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;

public final class JavaUri {
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private static String unhex(String line) {
        byte[] b = new byte[line.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(line.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void field(StringBuilder out, String s) {
        out.append(' ');
        if (s == null) {
            out.append('-');
            return;
        }
        if (s.isEmpty()) {
            out.append('=');
            return;
        }
        for (byte x : s.getBytes(StandardCharsets.UTF_8)) {
            out.append(HEX[(x >> 4) & 15]).append(HEX[x & 15]);
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII));
        String line;
        StringBuilder sb = new StringBuilder();
        while ((line = in.readLine()) != null) {
            sb.setLength(0);
            URI u;
            try {
                u = new URI(unhex(line));
            } catch (URISyntaxException e) {
                sb.append("ERR ").append(e.getIndex()).append('\n');
                out.write(sb.toString());
                continue;
            }
            sb.append("OK ").append(u.isOpaque() ? '1' : '0');
            field(sb, u.getScheme());
            field(sb, u.getRawUserInfo());
            field(sb, u.getHost());
            sb.append(' ').append(u.getPort());
            field(sb, u.getRawAuthority());
            field(sb, u.getRawPath());
            field(sb, u.getRawQuery());
            field(sb, u.getRawFragment());
            field(sb, u.getRawSchemeSpecificPart());
            sb.append('\n');
            out.write(sb.toString());
        }
        out.flush();
    }
}
