import TestSupport
import Foundation
import Testing

/// Excerpts of corpus books in legacy encodings, made once with Python 3's own codecs
/// (independent of glibc's iconv, which the decoder uses):
///
///     text = open(corpus/<file>, encoding="utf-8").read()[start:end]
///     bytes = text.encode(<codec>)          # then base64
///
/// Only excerpts (2–3 KB each): the whole books stay in the shared corpus.
struct EncodingFixture: Sendable, CustomTestStringConvertible {
    /// What the test calls it.
    let name: String
    /// The corpus book the excerpt comes from (UTF-8, no CR).
    let corpusFile: String
    /// The excerpt's scalar range in that book.
    let scalars: Range<Int>
    /// The Python codec used, and the canonical name the decoder should report.
    let codec: String
    let encoding: String
    let base64: String

    var bytes: [UInt8] { [UInt8](Data(base64Encoded: base64, options: .ignoreUnknownCharacters)!) }
    var testDescription: String { name }

    /// The excerpt as the corpus has it.
    func expectedText() throws -> String {
        let book = try String(contentsOfFile: SharedData.corpus(corpusFile), encoding: .utf8)
        let scalarsOfBook = book.unicodeScalars
        let start = scalarsOfBook.index(scalarsOfBook.startIndex, offsetBy: scalars.lowerBound)
        let end = scalarsOfBook.index(start, offsetBy: scalars.count)
        return String(scalarsOfBook[start..<end])
    }

    /// zh_hant_diamond_sutra.txt scalars 5233..<6298, encoded with Python's `big5` codec (2106 bytes).
    static let big5 = EncodingFixture(
        name: "Big5", corpusFile: "zh_hant_diamond_sutra.txt", scalars: 5233..<6298, codec: "big5", encoding: "Big5",
        base64: """
        qdKko6/gpM6hQwoKtre10LSjoUOp87dOpKqm86FDpry1paTFv9emcKjTp0CsT6nAoUOn2rftq9eys6XNoUO2t7XQtKOhQ7L2
        p0CsT6nAoUOm86VIrEehQ7nqtUyms7Kzpc2mcKjTq9eqzKFDrVmms7Kzpc2mcKjTq9eqzKFDpnCo06dZprOn2qRIsrOlzbnY
        qsyhQ7a3tdC0o6FDpnCo07uhprOn2qrMoUOnWatEprOn2qFDptOkWqTSpKekSKFDpUissKazp9qhQ7a3tdC0o6FDpFqk0qrM
        oUOmcKjTu6GnWatEpFqk0qFDrE+mV6RapNKhQwoKtre10LSjoUOp87dOpKqm86FDpWmlSKRUpFGkR6zbxlumcKjTpKOhQ7a3
        tdC0o6iloUOmcKxPpnCsT6FDpUikVKRRpEes28ZbpnCo06FDpvKopaFDtre10LSjoUOtWaVIpFSkUaRHrNvGW6ZwqNOqzKFD
        wuC9/Lh0pP2nWaxPpnCo06FDtre10LSjpdWm8qiloUOlQLRMoUOmcKfauNGm8qnSu6G4caFDpKPAs6VIpFSkUaRHrNvGW6Zw
        qNOhQ7q4rsmlQLRMoUOm07uh1FWopaFDCgqtWaVIpuKoo6faoUClSK21wW6oRKfaCqxPpEim5qi4uUShQKSjr+Coo6ZwqNMK
        Cra3tdC0o6FDprytWadArE+pwKFDpnCo06SjpUio46isrNusR6FDsW+q/L+upmjDuaRUwsakVLXQtKOhQ7a3tdC0o6FDsvan
        QKxPqcChQ6ZwqNOko6VIqOOorKzbrEehQ7Fvqvy/rqZow7mkVMLGpFS10LSjoUO2t7XQtKOhQ6a8rVmnQKxPqcChQ7Vvqvy/
        rqZow7mkVMLGpFS10LSjpN+qzKFDu6G90aprwl+3wKFDsvanQKxPqcChQ6bzpUisR6FDtW+q/L+upmjDuaRUwsakVLXQtKOk
        36rMoUOp86prpKO7ocJft8Cs26FDCgq2t7XQtKOhQ61ZtdDCxKVIuqGr7aplqEa1paVArMmkQ8RfoUOr+aXOpaysSaFDrVm0
        X6azpEihQ6q+pECkwaprtUyn2qFDsW+mqKnzp9ShQ6a5tdDCxLPTq2W10MLEqdKxb6VcvHehQ6bzpUisR6FDtre10LSjoUOl
        SL3RtdDCxKSjqPy61rx3rEehQ7a3tdC0o6XVpvKopaFDpUC0TKFDpKqm87XQwsSko6j8uta8d6FDtre10LSjoUO10MLEqdKn
        QLrWvHehQ6SjwLOzZ7XboUOsT6xHu6Gko6j8uta8d6FDCgq2t7XQtKOhQ61ZprOkSKiloUOmcKjTrVmo061ZpWitWaekrVmq
        16FDrE+kSKSjuNGn2qnSu6G4caFDpvOlSKxHoUOmcKjTqsyhQ7VMqdKxcajToUOl57VMqdKlaKFDrEemV6ZwqNOhQwoKtre1
        0LSjoUOtWbW9qGukbLW9pGukSKFDpUikVKRkpGqkZKVArMmhQ7hIrLC3TLnQoUOp87dOpKqm86FDrE+3TLnQsrOhQ7nnrLCm
        aKSjoUO2t7XQtKOopaFDrMamaKFDpUC0TKFDpvOlSKxHoUOtWaxPt0y50LKzueqms6rMoUOm8qdZpKO7oaxPt0y50LKzoUOp
        0qVIqsym86FDpvK7obdMudCys6FDp1mrRLdMudCys6FDrE+mV7dMudCys6FDpUC0TKFDpnCo06nSu6GkVKRkpGqkZKVArMmh
        Q6dZq0SlQKzJoUOsT6ZXpUCsyaFDpvOlSKxHoUOtWaVArMm56qazqsyhQ6dZrE+kQKZYrNuhQ6ZwqNO7oaFDpECmWKzboUOn
        WatEpECmWKzboUOsT6ZXpECmWKzboUO2t7XQtKOhQ6RAplis26rMoUOnWaxPpKOlabuhoUOm/aRapNKkp6RIoUOzZ7XbqOSo
        xqFDCgq2t7XQtKOhQ61ZpEiopabyu6Gn2qijpEioo7Kzpc2oo7nYqsyoo6FDtre10LSjoUOp87dOpKqm86FDrE+kSLjRp9qp
        0ruhuHGko6FDpKOkXaFDpUC0TKFDrE+kSKSjuNGmcKjTqdK7obhxoUOm86VIrEehQ6VAtEy7oafaqKOkSKijsrOlzaijudiq
        zKijoUOnWatEp9qoo6RIqKOys6XNqKO52KrMqKOhQ6xPplen2qijpEioo7Kzpc2oo7nYqsyoo6FDtre10LSjoUO1b6r8v66m
        aMO5pFTCxqRUtdC0o6TfqsyhQ6nzpECkwaproUPAs6ZwrE+qvqFDpnCsT6ijoUOmcKxPq0i40aFDpKOlzaprrNuhQ7a3tdC0
        o6FDqdKopaprrNuqzKFDpnCo07uhoUOnWatEqmus26FDrE+mV6prrNuhQwoKtre10LSjoUOtWaazpEilSLqhtUy2car8uays
        6aVArMmkQ8RfoUOr+aXOpaysSaFDrVmms7W9qGukbLW9pGukSKFDtW+10LSjpN+qzKFDq/mp86a5uGehQ6REptylfKV51FW1
        paFDqPyr+cWqu3ehQ6ywpEi6dLuhoUOo5LrWs9OpvKFDpKqm86ywpEi6dLuhoUOko6j6qfOs26FDpnCmcKSjsMqhQ6bzpUis
        R6FDCgqkQKTBprOssKproUCmcLnapNuqd7x2CqZwxVOl56ZwuXGhQMCzp0CmcKxPxlsKCqbyu6GsT7hnpHehQ6r4ptG2t7XQ
        tKOhQ6TOvdGk8aVDoUOk8aVDpaehQ8B1sUO266FDwHWxQ6ZpoUOkQKTBpUC2oaFDpNGkSKr8rdfDuaFDu0Sm8qnSu6GhQ6zS
        pGrFd7PfoUOrSKj8qV6m5qFD
        """)

    /// ja_natsume_wagahai_wa_neko_de_aru.txt scalars 62008..<63508, encoded with Python's `cp932` codec (2998 bytes).
    static let shiftJIS = EncodingFixture(
        name: "Shift_JIS", corpusFile: "ja_natsume_wagahai_wa_neko_de_aru.txt", scalars: 62008..<63508, codec: "cp932", encoding: "Shift_JIS",
        base64: """
        gvCNaYLfgr2OloKqgqCC6ILcgrWCvYFCgsaCsYLrgqqWrYLIgs2CuILdgsWI6pN4ltqCyYLNkeSCqYLnlPKC0Y1+guiC6YLG
        gquCyZPqgqqQ2ILqgsSCtYLcgsGCvYLMgsWCt4FCgtyCvYLiguiSvIK3gsaNoZN4gs2T6oKqkreJ34KsgsSRq4Kqkm6WyoLW
        koWCooK9gsyCxYLigs2C6I6AgsuCyIKpgsGCvYLMgsWCt4FCgsaCpILGgqSOT5XUltqCyYyplaiQbIKqjuiTYILBgsSJnZC2
        grOCtYK9gsaJXYKkmGKCtYLFgreBdoF1guKC6oLiguqBdoLGlsCS4ILNgrGC8YLIgsaCsYLrgtaCrYLpgsaLfYLJjLOLQ4Kq
        j2+C6YFCgXWWe5OWgsmOgILJkbmCooK+gsiBdoLGjuWQbILcgsWVgoKpguqPb4K3gUKBdYLcgr6WypSSgqKOloKqgqCC6ILc
        greO8YLw42+C6YLGlHeCqojqkKGCzoKpguiJhILRgumCu4KkgsWCt4FCgrGC6oLNgr2CtYKpgsmI447SgqqMdoLBgsSMqYK9
        gsyCvoKpgueK1Ijhgs2CoILogtyCuYLxgXaBdYK7guqCzZBWjUiVdoK+gsuBQYLHgqSCvoKii+qNuZbtgsiCx4LNgr+CxpLe
        gsGCxJbhgsGCv4LhgqCBQYjqkKGJhILRgr2C55BsitSVwILJgsiC6YKpguCSbYLqgsiCooK6gXaCxpbAkuCCqo7lkGyCzJX7
        gvCM/IKtgsaBQY7lkGyCzYjEik+QXpbKltqCxYF1iqaMjoxOgUGI6pChgq2C54KilHeCqomEgtGCxJC2gquV1ILpjpaCqoKg
        gumCvoLrgqSCqYF2gsaVt4KtgUKBdYK7guqCzZHKltqCyYvJgsGCxIKigtyCt4FCkt6C54LqgsSQ0pCRgqqJhILRgumCqYLn
        gsiC8YLFgUGRgYKtiV2CpILGlHeCqomEgtGC6YLGiV2CpILmguiJ84LqgumC8YLFgreCqYLngsuBdoF1gruC6oK2guGBQYLc
        gqCOfoLfguaCpIF2gsaO5ZBsgs2SZpRPgreC6YFCCoFAiYmQ4ILMkbGCq4LNgUGC3IK+gsiCqYLIgqmSt4KtgqCCwYLEiqaM
        joxOgs2O8eNvguiCzJC2l52N7JdwgsmC3ILFmF+LeYK3gumCzYK4gsWCooK9gqqBQZbAkuCCqpaziMOCyZWXl4iWVoLMguaC
        pILIkr+M6oLwi7KC3oLMgsaBQY7lkGyCqo6egViJk5e2gsiCrYyHkEyC8IK3gumCzILFgUGCwoKigsmShpNygsWC4oLfgsSL
        QYLBgsSCtYLcgsGCvYFCgruCzJTTgs2KpoyOjE6CqoKigqmCyILpkdSTeILFgUGCooKpgsiC6ZdZldmC8JBVgsGCvYKpiZOV
        +4LFi06CwYK9j2+XiI6WgsyOloK+gqmC54zhlHmCyYLNkm2C6oLmgqSW84KqgsiCooFCCoFAk/GOT5P6gs2OloLggsiCrYnf
        gqyCvYKqgUGIvYLpk/qCzIzfjOOT8Y6ejaCC3IK9lsCS4JDmkLaCzZfhgsyCsoLGgq2L84FYgsaCtYLEi/SRUpO2jnGCzIKy
        gsaCrZWRgqKNnoLxgsWXiIK9gUKNwILJkoWCrYLGgUGCooKrgsiC6IF1jE6BQYl6knGTjJWXgsyNgpfWjpaMj4LwlbeCooK9
        gqmCooF2gsaXt4+HiteXjoLMjYaKT4Lwkm2C54K5gsmXiIK9gtmCx4LMkKiC8I6mgreBQoF1km2C54LxgUGL342ggs2Nh4Lt
        gvGCqYLngXaCxo7lkGyCzZW9kLaCzJLKguiJQYtDgsWCoILpgUKBdYKrguWCpILNgruCzJOMlZeOcYLMjriN9JWojOqC8Izk
        lfGTuYLJi3mC2oKkgsaOdoLBgsSWWoK1gqKCxoKxguuC8ILtgrSC7YK0l4iCvYLxgr6C5oF2gXWC3IK9gruC8YLIi8KOUoLI
        jpaC8IldgqSBQYxOgs2RU5HMlXOavYLIkmqCvoF2gXWDboNug26DboNulXOavYLGiV2C7YLxguaC6ILegrWC65azmr2CzJX7
        gr6C64KkgUKCu4Lqgr6Cr4LNgr+C5YLBgsaL5pXKgrWCxIKogqKCxJbhgu2C8YLGlryXX4LJitaMV4K3gumCqYLngsiBdoF1
        gqiC8YLIgrWOloK+gXaCxo7lkGyCzZqCgqKCxIKigumBQo+DkVKCvYLpk1aRUouPjm2CzI3El4iCvoFCgXWCsYLMkU+CzJP6
        l2qCyZOMlZeOcYKqjYKX1pDyiniOm4LJjXOCwYK9gvGCvoK7gqSCvoFCgrGCzIqmgqKCzILJguaCuYLOgqKCooLMgsmBXIFc
        keaI6o2hjp6Q8op4jpuCyILHgtaOUYLpgsyCzYKzguCTjIuegvCSbYLngsiCooFBk2OOyY7SgsyC5oKkgraC4YLIgqKCqYF2
        gXWCu4Lqgs2TjJWXgsyPn47ogrOBQoxOgqqCu4LqgvCXr4LfgumMoJeYgs2CyIKigXaBdYLIgumC2YLHjKCXmILNkLOCyYLI
        gqKBQoygl5iCzYLHgqSCxYLggqKCooKqgUGCoILMjpuT4ILJi2CObYjilaiV25G2ie+CxoldgqSMqZCilaiCqoKggumCvoLr
        gqSBQoxOkm2CwYLEgumCqYF2gXWCpILxgsmC4YF2gXWSbYLngsiCooFIgUCCvoLBgsSQ8op4jpuC1o1zgsGCvY6Wgs2CoILp
        gr6C64KkgXaBdYKigqKC4oF2gXWCyIKigUiBQIKxguiC4YvBguuCooK9gUKTuZedgsWR5ZXPk4yVl4LwldmM7IK3gumCxo52
        gsGCvYFCjV2My4LBjnGCqpDyiniOm4Lwkm2C54LIgqKCzILNj+6Cr4LIgqKBdoF1km2C54LIgq2CxILgi7OOdILNlrGC3ILp
        gqmC54LIgXaCxo7lkGyCzYKiguaCooLmk1aRUouPjm2CyYLIgumBQoF1gruC6ILhjUSCooKqgUGCu4LMk1eXl4/qgtaTjJWX
        gqqUh5P8gsGCxIyplaiCtYLEgqKC6YLGgUGCu4KxgtaTxojtkGyCqpV2lXeYQYLFl4iCvYLxgr6CwYLEgUKCu4LqgqqNxY+J
        gs2T+pZ7jOqCxZOMlZeCyYm9gqmOv5bigrWCvYK7gqSCvoFCgsaCsYLrgqqQ5pC2l+GCzJLKguiTxojtjOqCqo5ngsGCxIyp
        gr2CrYLEgr2C3ILngvGSaoK+guuCpIFCgruC55PxjPuOT4z7gteC54LXgueC4oLBgsSMqYK9gsaCs4FCgreC6YLGkbaKT4Kk
        gtyCrY9vl4iCvYLxgr6BXIFcgqCCxoLFjWyCpoLpgsaCu4LqgqqN0ILMlnuCs4LLgXaBdYK7guqCqYLngseCpIK1gr2BdoLG
        juWQbILNgsKCooLJkt6C6I2egtyC6oLpgUKBdZPGiO2QbIKqkeWR6Yy5jOGCzI6qikeCzIjz4sSC8IypgsSBQYKxguqC8JSD
        gqKCvYKigqqUhILBgsSCrYLqgumCvoLrgqSCqYLGlbeCrYLxgr6Cu4Kkgr6BQoK7gsyOnpOMlZeCzJXUjpaCqpbKlJKCooK2
        guGCyIKigqmBQZP6lnuQbILNkLSX9YLMjE6OcYLOgqmC6IK+gqmC55OekuqRypbagr6CxoldgsGCvYLxgr6CxoKzgUKCu4LM
        ldOCzZHllaqMaYtDgqqC5oKpgsGCvYKqgUGCu4LqgqmC55PGiO2QbILMlfuCxYLNioaNRILIksqV2YLwk76CvYLCguCC6ILF
        grWCq4LogsmVt4KtgruCpIK+gXaBdYm9gvCBSIF2gXWCu4LqgqqCs4FBib2CvoKplaqC6YKtgueCooLIgueQU5R6gs2CyIKi
        gvGCvoKqgUGRgYz7gsWWs4jDgsmW4oKiinyCr4LpguCCzIK+gqmC54+tgrWC4A==
        """)

    /// ja_natsume_wagahai_wa_neko_de_aru.txt scalars 63508..<65008, encoded with Python's `euc_jp` codec (2998 bytes).
    static let eucJP = EncodingFixture(
        name: "EUC-JP", corpusFile: "ja_natsume_wagahai_wa_neko_de_aru.txt", scalars: 63508..<65008, codec: "euc_jp", encoding: "EUC-JP",
        base64: """
        zdfOzqTyxsCkyqSkpM6ktaGjpL+k3qTLyqyk66SrpMi716SmpMjG0Lj9pOSz3czwpM679qTyyrmkq6TspOuho8C+zc6kzsbQ
        uP2k5LPdzPCkz8DowLiyv6TIy93M9aS3pMbBsaSkpM6kq72spMOkv7v2pKzMtaSkpPOkwKSrpOm85aTvpOmkoqTNodeh1qTi
        pMOkyKTipMCh16TIvOe/zaTPtrW71aTOv8ikzr7lpMuw+qSts9Ok2aTGxrG+8KTyyb2kuaTroaOh1qTIpLOk7aTYtNe/zaSs
        yqrEwaS3pL2kpqTLpN2kxKTdpMS9uKTDpMakr6TroaO7xcnxpMukz8XsyfekyMbIsO+/zaTyu83K/aSrpOm86KTqtKykpKTG
        uKvKqqS5pOuho8Xsyfekz7TppPLA1qSvpLekxqTYpMmk4qTJpLmk66Gjvemk4aTOwKqky7D6pK2w16SopMbA6MC4wue85aTq
        pM7CzqS1odeh1rfrtsmkyaSmpMqkw6S/pPOkwKSkodeh1rvFyfGky8XsyfekrLLmy/290M3opMqkr6TKpMOkv6TIuKukqKTG
        pLWkpKTKpOmkyMb8y9y47KTHsb6kw6TGpLCk86SwpPO1oqTDpMbN6KS/pL2kpqTAoaKktaSkpMqk6aTPvq+kt8rRpMC3r6TO
        ufGkx6TPpLWk6KTKpOmk8qS1pKSkyqTppMixvqSmpKukw6TGyrmkpKTGuKukv6Tpsr+k5KTDpNGk6qS1pOikyqTppMekuaSs
        weq86qSswL7Nzr/NpMCkq6TpxLTPwqTyt9ek66S/pOGky6GipLWkpKTKpOmky6S3pL+k86TApMOkxqGixezJ97vSpM+27KS3
        pKS7/qTHpOLEtM/CpPLLuqTspMqkpMPLpMCkyLS2v7Skt6S/odeh1qS1pKSkyqTppM+kpKSkpKzAvs3Ov82kz6TJpKakt6S/
        odeh1sC+zc6/zaTPpKKkw6SxpMu86KTppOykxuirwbOkyLirpMakpKS/pL2kpqTApc+lz6XPpc/MzMfypKSkuKTjpMqkpKSr
        odeh1srMw8rMzMfypKS79qTipMqkpKTopKakwKGjpL2k7KTypO+ktqTvpLbK88POpMvN6KTrt6+kzsr9pKyk6KTDpN2kyczM
        x/KkpKS8odekyLznv82kz7SssezB8KTOs6Wk8rLQsrOkzsPmpNikz6S/pK3N7qS5oaPA3srBs8q70rjNpM6l2aXrpKzI9KTT
        vuWk66TbpMnMxKTDpMah1rjmzMikyqS1pKSh16TIsdSkyaSkvfekzsC8pKykuaTroaPMwsTipMi857/NpM+716TvpLq06aTy
        uKu556TvpLukxsTAzNukuaTroaMKoaG857/NpM6kpqTBpNi997XSpM+1qc2tpMCkyqTIuKukxqSkpOukyKGipKukzrHUpMmk
        pMC8pM696s2tvOekz73MzMukzsbzy+e9xaTNpPK+9qTYu6Sk6snVpLGkyqSspOnH58b+pMOkxs3opOuho8evpM+7zb29pM6+
        5aTyvq+kt8S2pLekv6SvpOmkpKTApO2kpqGjyLSksb7lpMOkv8C4pKi63aSrpOnBsMixpKzE6cvJuam79qTOpOikpqTLueKk
        r+bgpKikxqGivq+kyqSvpMik4rTppM7EuaS1pM7G88qspM6w7KTApLHFt6TLuP6kw6TGpLuk6r3QpLekxqSkpOuho7TjpKzA
        2qTqxMykt6TOuuSkr6TppKSkyrj7x9ukx6GixL7A/qTLxOCk66S3vuWksqTppOykxrq4saaky8LQzqmkuaTroaPEvsD+pMik
        z7ffpOik6rrZpKSkyKSkpKa3wc3GpMekoqTroaPJoaTApLGkz8y1sMWky8LnpK2kpKGjv82kzsmhpPLF8KTzpMfN6KTGtOmk
        zr+/w+ak2L/4pKjJ1aSxpL+k6KSmpMu4q6SopOuho7uwxNqk26TJpM6+rsTtpNi+t7qyvNKkzsDQxfTkxqTysNykt6S/u/6k
        zqS0pMikr6Gixsik6qTHyf2k8s34pKukt6TGpKSk66SsoaKyv6TIpMqkr83upMGkxKSrpMqkpKGjpL2kzsmhpM+kpKTvpOak
        67iwyaGkx6GipNKkyMXZpM/AurDsx9W54qSvpMqkw6TGuKukv6SsoaKks6TspMekz6SipPOk3qTqpMCkyMPmxdOkq6TpuKzC
        vaS3pMahosDopM7K/aTYudSkr6TIoaK96aThpM7AqqTLu/ekur/ipOykq6SrpMOkxqGisryky6SipOu/sKTyx8Gkrbn+pPOk
        x6SkpOuho6SrpK/D+KTrpLekpMmhpMCkq6TpoaKks6TOvfekrMqqpPK4wKSmpMikraTPuP2krMqqpPK4wKSmpMixvqTvpPOk
        6KTqoaLJoaSsuP2k8qStpKSkxqSkpOukyKS3pKu716TvpOykyqSkoaO448fapM+ks6TOsM7C56TKpOvJoaTLt8mw1aTyyb2k
        uaTrpL+k4aGisMrN6KTPpLOkzr33pPK+zqS3pMbJobvSyaG70qTIuMak1qTEpOKk6qTHpKKk66GjyaG70qTPwOikur3pwtDM
        zKTOsKe7oqTyvaqkw6TGodakyaSmpOK367m9pMq45r27te+kx6S5pLOkyKHXpMi6wsnfw+ak8uLLpOGy9qTvpLmho7znv82k
        z6HWsbOk8qTEpLGh16TIyqKkzsPmpMe4wKTDpL+k3qTeoaKk16SrpNekq7HswfCk8qTVpKukuaGjzMLE4qTPxbew5qTyuKuk
        yqSspOmh1revoaKkoqTqpOOxq7HMpOqkq6GiyMSkzszazNykq6GizK+kyszPzc2krL3QpMakpKTrpLyh16TIsMWky7znv82k
        8sKlpKykuaGjodbMtc/AsaukzrHMpOqktaHXpMi857/NpKzF+qSopOukyKHWt+u5vaTApMqkoqHXpMjMwsTipKykuaTepLek
        xrG+pKaho8mhu9Kkz7zSuPKk8sPOpOmkzL/Nw6OkwKTIyqKkzsPmpMfKsKTroaOkt6TQpOmkr6TPu7C/zcWkusGkzqTepN7M
        tbjApMekoqTroaMKodakwaTIu8ekpKS/pKS79qSspKKkw6TGoaK7sqTDpL+k86THpLmkrKHXpMjJobvSpM+6xqTTz8Okzrj9
        pPLA2qTroaOh1qTPpKKh16TIvOe/zaSstsuk4aTGzuTDuKTLvPWksaTroaOks6TspMekz6TKpOmkzKTIyaG70qTPoaKh1rzC
        pM+75KTPpMSkpLjmtuG96qTHob2hvaSipM64/qSmsqPD+qTOs9GysMnfpMqk86THpLmkrKHXodakoqTOwuekraTKwL7NzrTb
        pM7B0qTOpKKk66SmpMGkx6S5pKuhosa7zf2kx6SipLmks6TLpM+24sXEpMixvqSmybi7paSsvdCkxqSkpN6kuaTKodekyLzn
        v82kz6TopKak5KSvtuLFxKTOwL7NzrTbpMihorbixcSkzsHSpPLHp7yxpLekv6TopKakwKSstuLFxMnXv82ky8LQpLmk68K6
        t8mkzsXZueekz8GwpMjGsc3NpMekoqTroaOh1rzCpM+9yaSsvdCk3qS3pMahorjmz8Ok8rvHpKak86THpLmkrLLxvNKkzsr9
        pKzC58rRy7ukrKS3pKSk4qTzpMekuaSrpOmh16TIuqPF2aTPvq+kt834pKSkv6TtpKakyKSkpKa048nVpPKkuaTroaO857/N
        pM+w7Lj+xrCkuKTKpKSho8mhu9KkzsDoue+kq6TppM64wM3VuK+kpKSsvenC0MzMpM6996TIpLekxqTPpKKk3qTqwri637Lh
        pK6k66TOpMekuaTHpMvJ1Mq/pMqkzqTHpKKk66Gjoday8bzSpMek4rDspMSkuKTjzLWkpKTzpMekuaGixvOkxKTiu7CkxKTi
        t/OkzaTGpKSk66TzpMekuaGjpL2k7KTLpMmkzrLxvNKkx6TivcXM8qTKpPOkxw==
        """)

    static let all: [EncodingFixture] = [.big5, .shiftJIS, .eucJP]
}
